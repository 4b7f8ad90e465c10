#include "engine/debug/frame_eval.h"

#include "engine/debug/frames.h"
#include "engine/lang/parser.h"
#include "engine/lang/resolver.h"
#include "engine/lang/source.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"

namespace backstep::debug {

namespace {

// The code typed at prompts: functions and lambdas made by it point into
// its syntax tree, so it lives as long as the session.
struct PromptCode {
  std::vector<std::unique_ptr<lang::Module>> modules;
};

rt::ScriptError syntax_error(const std::string& message) {
  return rt::ScriptError(std::make_shared<rt::ExceptionObject>(*rt::exc_types().syntax_error,
                                                                std::vector<rt::Value>{rt::make_str(message)}));
}

// Runs `work` with `frame` as the interpreter's current frame (tracebacks,
// the globals code sees, the origin autograd records), then puts back what
// was there, also when it throws.
class CurrentFrame {
 public:
  CurrentFrame(rt::Interpreter& in, rt::Frame& f)
      : in_(in), saved_(in.save_thread_state()), f_(f), statement_(f.statement), current_(f.current) {
    in_.restore_thread_state({&f, saved_.depth, &f.origin, saved_.generator});
  }
  ~CurrentFrame() {
    f_.statement = statement_;
    f_.current = current_;
    in_.restore_thread_state(saved_);
  }
  CurrentFrame(const CurrentFrame&) = delete;
  CurrentFrame& operator=(const CurrentFrame&) = delete;

 private:
  rt::Interpreter& in_;
  rt::Interpreter::ThreadState saved_;
  rt::Frame& f_;
  const lang::Stmt* statement_;
  lang::Span current_;
};

}  // namespace

rt::Value eval_in_frame(rt::Interpreter& in, const std::string& text, rt::Frame& frame, const std::string& name) {
  uint32_t file = lang::SourceRegistry::instance().add(name, text);
  auto parsed = lang::parse_module(file);
  if (!parsed.ok()) throw syntax_error(parsed.error().message);
  lang::Module& m = *parsed.value();
  if (m.body.size() != 1 || m.body[0]->kind != lang::StmtKind::Expr) throw syntax_error("expected one expression");
  rt::ModuleGlobals& globals = frame.globals ? *frame.globals : in.main_globals();
  auto resolved = frame.scope ? lang::resolve_in_frame(m, globals.names, *frame.scope) : lang::resolve(m, globals.names);
  if (!resolved.ok()) throw syntax_error(resolved.error().message);
  globals.grow();
  auto& code = in.state<PromptCode>().modules;
  code.push_back(std::move(parsed.value()));
  const lang::Expr& expr = *static_cast<const lang::ExprStmt&>(*code.back()->body[0]).value;
  CurrentFrame current(in, frame);
  // Note [Frame variables in nested scopes]: a comprehension or lambda in
  // the expression has a scope of its own, which cannot reach the frame's
  // locals (they are not cells): those no global names are also bound as
  // globals meanwhile (as Python 3.12's pdb makes them visible). The
  // expression itself reads and assigns (:=) the frame's own variables; a
  // global of the same name as a local stays what functions it calls see.
  std::unique_ptr<rt::Interpreter::BindingScope> visible;
  if (frame.scope) visible = std::make_unique<rt::Interpreter::BindingScope>(in, nested_scope_bindings(in, frame));
  try {
    return in.eval(expr, frame);
  } catch (rt::ScriptError&) {
    throw;
  } catch (const std::exception& e) {
    throw rt::translate_torch_error(e);
  }
}

}  // namespace backstep::debug
