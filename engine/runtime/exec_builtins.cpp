// compile(), exec() and eval(): Python source given as a string at run time.
//
// Note [exec and eval]
// Names are resolved once per module (lang/resolver.h: a global is a slot
// of its module's ModuleGlobals), so source run by exec/eval is parsed and
// resolved against the namespace it runs in, then run like a module body:
// - no globals given: the caller's module. At module level that is all;
//   inside a function or class body the caller's locals (a snapshot, as
//   CPython's locals(); a class body's own namespace) are the local
//   namespace, below.
// - a dict as globals: the module it is the live namespace of (globals(),
//   module.__dict__), or new globals made from it that keep it as their
//   live namespace (module_mirror.h), so functions defined by the code see
//   later changes to the dict and the dict sees the code's assignments.
//   '__builtins__' is added to it when missing, as CPython does.
// - a separate locals dict: the code runs with CPython's LOAD_NAME rules
//   (names assigned go to it; reads look in it, then the globals, then the
//   builtins; functions defined there do not see it) -- which are exactly a
//   class body's, so the source is resolved wrapped in a class statement
//   named "_" (a name of underscores only mangles nothing) and its body run
//   with that dict as the class namespace.
// Parsed code is kept for the session: functions, generators and classes
// made by it point into it. The same text run again in the same namespace
// reuses its parse (a loop of exec calls, timeit) instead of keeping a new
// copy each time.
#include "engine/lang/parser.h"
#include "engine/lang/resolver.h"
#include "engine/lang/source.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/code_object.h"
#include "engine/runtime/dict_object.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/frame_locals.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module_mirror.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <map>
#include <tuple>

namespace backstep::rt {

namespace {

// Where the code runs: its globals, and the separate local namespace (null:
// the globals are its namespace, as a module body's).
struct DynamicNamespace {
  std::shared_ptr<ModuleGlobals> globals;
  std::shared_ptr<DictObject> locals;
};

struct DynamicSource {
  std::string text;
  std::string filename = "<string>";
  std::string mode;
};

// The first argument of exec() / eval(): a str, bytes (UTF-8) or a code object.
DynamicSource dynamic_source_arg(const Value& v, const char* fn, const char* mode) {
  if (const CompiledSource* c = compiled_source_of(v)) return DynamicSource{c->text, c->filename, c->mode};
  if (is_code_object(v))
    raise_type_error(fmt::format("{}() of a function's code object is not supported by backstep", fn));
  if (const auto* s = v.as<StrObject>()) return DynamicSource{s->value, "<string>", mode};
  if (const std::string* b = bytes_data(v)) return DynamicSource{*b, "<string>", mode};
  raise_type_error(fmt::format("{}() arg 1 must be a string, bytes or code object", fn));
}

std::shared_ptr<DictObject> dict_or_null(const Value* v) {
  return v && !v->is_none() ? v->as_shared<DictObject>() : nullptr;
}

DynamicNamespace dynamic_namespace(Interpreter& in, const Value* globals, const Value* locals, bool is_exec) {
  bool has_globals = globals && !globals->is_none();
  bool has_locals = locals && !locals->is_none();
  std::shared_ptr<DictObject> g = dict_or_null(globals);
  if (has_globals && !g)
    raise_type_error(is_exec ? fmt::format("exec() globals must be a dict, not {}", type_name(*globals))
                             : std::string("globals must be a dict"));
  std::shared_ptr<DictObject> l = dict_or_null(locals);
  if (has_locals && !l)
    raise_type_error(is_exec ? fmt::format("locals must be a mapping or None, not {}", type_name(*locals))
                             : std::string("locals must be a mapping"));
  DynamicNamespace ns;
  if (g) {
    if (!g->find_str("__builtins__")) g->set_str("__builtins__", in.import_module("builtins").as<ModuleObject>()->namespace_dict());
    ns.globals = globals_for_dict(g);
    if (l && l != g) ns.locals = l;
    return ns;
  }
  Frame* caller = in.current_frame();
  ns.globals = caller && caller->globals ? caller->globals->shared_from_this() : in.current_globals().shared_from_this();
  if (l) ns.locals = l;
  else if (caller && (caller->scope || caller->class_ns)) ns.locals = current_locals(in).as_shared<DictObject>();
  return ns;
}

// eval() ignores leading spaces and tabs, as CPython's does for a string.
std::string strip_leading_blanks(const std::string& text) {
  size_t start = text.find_first_not_of(" \t");
  return start == std::string::npos ? std::string() : text.substr(start);
}

}  // namespace

// The parse of `source` resolved for `ns` (Note [exec and eval]).
const lang::Module& Interpreter::dynamic_code(const std::string& text, const std::string& filename,
                                              ModuleGlobals& globals, bool class_form) {
  auto key = std::make_tuple(text, filename, &globals, class_form);
  if (auto it = dynamic_code_.find(key); it != dynamic_code_.end()) {
    if (it->second.globals.lock().get() == &globals) return *it->second.module;
    dynamic_code_.erase(it);  // other globals at a dead one's address
  }
  uint32_t file = lang::SourceRegistry::instance().add(filename, text);
  auto parsed = lang::parse_module(file);
  if (!parsed.ok()) throw syntax_error_from(parsed.error());
  std::unique_ptr<lang::Module> m = std::move(parsed.value());
  if (class_form) {
    auto body = std::make_unique<lang::ClassDef>(lang::Span{});
    body->name = body->qualname = "_";
    body->body = std::move(m->body);
    m->body.clear();
    m->body.push_back(std::move(body));
  }
  auto resolved = lang::resolve(*m, globals.names);
  if (!resolved.ok()) throw syntax_error_from(resolved.error());
  globals.grow();
  modules_code_.push_back(std::move(m));
  const lang::Module& kept = *modules_code_.back();
  dynamic_code_[key] = DynamicCode{globals.weak_from_this(), &kept};
  return kept;
}

// Runs code dynamic_code() made: as a module body, or as the body of its
// wrapping class with `locals` as the namespace. `expression`: the code is
// one expression statement, whose value is returned.
Value Interpreter::run_dynamic(const lang::Module& m, ModuleGlobals& globals, DictObject* locals, bool expression,
                               bool echo) {
  const lang::StmtList* body = &m.body;
  Frame f;
  if (locals) {
    const auto& c = static_cast<const lang::ClassDef&>(*m.body[0]);
    body = &c.body;
    f.scope = &c.scope;
    f.class_ns = locals;
    f.locals.assign(c.scope.local_names.size(), unbound());
    for (size_t i = 0; i < c.scope.cell_names.size(); ++i) f.cells.push_back(std::make_shared<CellObject>());
  }
  f.globals = &globals;
  f.function = "<module>";
  f.parent = frame_;
  f.call = std::make_shared<lang::CallRecord>(lang::CallRecord{"<module>", {}, next_call_id_++, nullptr, nullptr});
  lang::OriginScope origin(&f.origin);
  Value result;
  run_in_own_frame(f, echo, false, [&] {
    if (expression) {
      const auto& e = *static_cast<const lang::ExprStmt&>(*body->front()).value;
      f.current = e.span;
      result = eval(e, f);
    } else {
      exec_block(*body, f);
    }
  });
  return result;
}

namespace {

// The statements of `m` as written (inside the wrapping class, if any).
const lang::StmtList& written_body(const lang::Module& m, bool class_form) {
  return class_form ? static_cast<const lang::ClassDef&>(*m.body[0]).body : m.body;
}

Value run_dynamic_source(Interpreter& in, const DynamicSource& src, const Value* globals, const Value* locals, bool is_exec) {
  DynamicNamespace ns = dynamic_namespace(in, globals, locals, is_exec);
  bool class_form = ns.locals != nullptr;
  std::string text = src.mode == "eval" && !is_exec ? strip_leading_blanks(src.text) : src.text;
  const lang::Module& m = in.dynamic_code(text, src.filename, *ns.globals, class_form);
  const lang::StmtList& body = written_body(m, class_form);
  bool expression = src.mode == "eval";
  if (expression && (body.size() != 1 || body[0]->kind != lang::StmtKind::Expr)) {
    lang::Span at = body.empty() ? lang::Span{} : body[0]->span;
    throw syntax_error_from(lang::Diagnostic{at, "SyntaxError", "invalid syntax", false});
  }
  Value v = in.run_dynamic(m, *ns.globals, ns.locals.get(), expression, src.mode == "single");
  return is_exec ? Value() : v;
}

Value b_exec(Interpreter& in, Args& a) {
  auto b = bind_args(a, "exec", {"source", "globals", "locals"}, 1);
  return run_dynamic_source(in, dynamic_source_arg(*b[0], "exec", "exec"), b[1], b[2], true);
}

Value b_eval(Interpreter& in, Args& a) {
  auto b = bind_args(a, "eval", {"source", "globals", "locals"}, 1);
  return run_dynamic_source(in, dynamic_source_arg(*b[0], "eval", "eval"), b[1], b[2], false);
}

// compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1):
// checks the syntax now (a SyntaxError names `filename`), keeps the text.
Value b_compile(Interpreter& in, Args& a) {
  (void)in;
  auto b = bind_args(a, "compile", {"source", "filename", "mode", "flags", "dont_inherit", "optimize"}, 3);
  DynamicSource src;
  if (const auto* s = b[0]->as<StrObject>()) src.text = s->value;
  else if (const std::string* bytes = bytes_data(*b[0])) src.text = *bytes;
  else raise_type_error("compile() arg 1 must be a string, bytes or AST object");
  const auto* file = b[1]->as<StrObject>();
  if (!file) raise_type_error(fmt::format("compile() argument 'filename' must be str, not {}", type_name(*b[1])));
  const auto* mode = b[2]->as<StrObject>();
  if (!mode) raise_type_error(fmt::format("compile() argument 'mode' must be str, not {}", type_name(*b[2])));
  if (mode->value != "exec" && mode->value != "eval" && mode->value != "single")
    raise_value_error("compile() mode must be 'exec', 'eval' or 'single'");
  src.filename = file->value;
  src.mode = mode->value;
  if (src.mode == "eval") src.text = strip_leading_blanks(src.text);
  uint32_t id = lang::SourceRegistry::instance().add(src.filename, src.text);
  auto parsed = lang::parse_module(id);
  if (!parsed.ok()) throw syntax_error_from(parsed.error());
  const auto& body = parsed.value()->body;
  if (src.mode == "eval" && (body.size() != 1 || body[0]->kind != lang::StmtKind::Expr)) {
    lang::Span at = body.empty() ? lang::Span{} : body[0]->span;
    throw syntax_error_from(lang::Diagnostic{at, "SyntaxError", "invalid syntax", false});
  }
  return make_compiled_code(CompiledSource{src.text, src.filename, src.mode});
}

}  // namespace

void install_exec_builtins(Interpreter& in) {
  in.set_builtin("exec", make_builtin("exec", b_exec));
  in.set_builtin("eval", make_builtin("eval", b_eval));
  in.set_builtin("compile", make_builtin("compile", b_compile));
}

}  // namespace backstep::rt
