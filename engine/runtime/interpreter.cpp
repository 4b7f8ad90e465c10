#include "engine/runtime/interpreter.h"

#include "engine/runtime/call_records.h"

#include "engine/runtime/gc.h"
#include "engine/runtime/tracer.h"

#include "engine/runtime/builtin_slots.h"
#include "engine/lang/parser.h"
#include "engine/runtime/function.h"
#include "engine/runtime/mailbox.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/script_function.h"
#include "engine/runtime/stack_guard.h"
#include "engine/runtime/suggestions.h"
#include "engine/runtime/warning_hook.h"

#include <fmt/format.h>

#include <algorithm>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace backstep::rt {

namespace {
class UnboundMarker : public Object {
 public:
  UnboundMarker() : Object(ObjKind::Other) {}
  std::string repr(Interpreter&) const override { return "<unbound>"; }
};
}  // namespace

namespace detail {
const Object* g_unbound_object = nullptr;
}  // namespace detail

const Value& unbound() {
  static const Value* v = [] {
    auto* made = new Value(std::make_shared<UnboundMarker>());
    detail::g_unbound_object = made->object_ptr();
    return made;
  }();
  return *v;
}

void install_modules(Interpreter& in);  // modules.cpp

namespace {
thread_local Interpreter* g_current = nullptr;
}  // namespace

Interpreter& Interpreter::current() { return *g_current; }

Interpreter::Interpreter(OutputSink& sink)
    : sink_(&sink), main_globals_(std::make_shared<ModuleGlobals>()), mailbox_(std::make_unique<Mailbox>()) {
  install_builtin_slots();
  modules_ = std::make_shared<DictObject>();
  previous_current_ = g_current;
  g_current = this;
  install_builtins(*this);
  install_modules(*this);
  // sys.modules['__main__']: the program's namespace, as a module.
  auto main = make_module("__main__");
  main->set_namespace(main_globals_, "<stdin>");
  modules_->set_str("__main__", Value(main));
}

namespace {

// Note [The builtins cache]
// A global name that is not bound in its module is looked up among the
// builtins on every read (`len`, `range`, `isinstance` in a loop): a string
// made, hashed and compared each time. Found entries are remembered here by
// name. The map's values never move (unordered_map nodes), so a remembered
// pointer stays good until an entry is erased or the interpreter goes; both
// bump the epoch, which empties the cache.
struct BuiltinCacheEntry {
  const Interpreter* in = nullptr;
  uint64_t epoch = 0;
  const Value* value = nullptr;
  uint32_t length = 0;
  char name[28] = {};
};
constexpr size_t kBuiltinCacheSize = 256;  // a power of two
thread_local BuiltinCacheEntry t_builtin_cache[kBuiltinCacheSize];
std::atomic<uint64_t> g_builtin_epoch{1};

size_t builtin_cache_index(std::string_view name) {
  uint64_t head = 0, tail = 0;
  size_t n = std::min<size_t>(name.size(), 8);
  std::memcpy(&head, name.data(), n);
  std::memcpy(&tail, name.data() + name.size() - n, n);
  uint64_t h = (head * 0x9E3779B97F4A7C15ull) ^ (tail * 0xC2B2AE3D27D4EB4Full) ^ name.size();
  h ^= h >> 29;
  return static_cast<size_t>(h) & (kBuiltinCacheSize - 1);
}

}  // namespace

Interpreter::~Interpreter() {
  // Garbage cycles go while this interpreter can still run what they need
  // (a suspended generator's finally block), as CPython collects at exit
  // (Note [the end of a session] in gc_exit.cpp).
  if (on_interpreter_thread()) {
    try {
      gc_end_session(*this);
    } catch (...) {
    }
  }
  if (g_current == this) g_current = previous_current_;
  g_builtin_epoch.fetch_add(1, std::memory_order_relaxed);  // Note [The builtins cache]
}

// --- globals, builtins, modules --------------------------------------------

std::optional<Value> Interpreter::global(std::string_view name) const { return current_globals().get(name); }

Value Interpreter::module_name() const {
  if (auto v = global("__name__")) return *v;
  if (const Value* b = builtin("__name__")) return *b;
  return Value();
}

void Interpreter::set_global(std::string_view name, Value v) { current_globals().set(name, std::move(v)); }

void Interpreter::delete_global(std::string_view name) { current_globals().erase(name); }

Interpreter::BindingScope::BindingScope(Interpreter& in, const std::vector<Binding>& bindings) : in_(in) {
  for (const auto& b : bindings) {
    saved_.emplace_back(b.name, in_.global(b.name));
    in_.set_global(b.name, b.value);
  }
}

Interpreter::BindingScope::~BindingScope() {
  for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) {
    if (it->second) in_.set_global(it->first, *it->second);
    else in_.delete_global(it->first);
  }
}

Value Interpreter::eval_expression(const std::string& text, const std::string& name) {
  uint32_t file = lang::SourceRegistry::instance().add(name, text);
  auto parsed = lang::parse_module(file);
  auto syntax = [&](const lang::Diagnostic& d) -> ScriptError {
    return ScriptError(std::make_shared<ExceptionObject>(*exc_types().syntax_error,
                                                         std::vector<Value>{make_str(d.message)}));
  };
  if (!parsed.ok()) throw syntax(parsed.error());
  auto& m = *parsed.value();
  if (m.body.size() != 1 || m.body[0]->kind != lang::StmtKind::Expr)
    throw syntax(lang::Diagnostic{{}, "SyntaxError", "expected one expression", false});
  ModuleGlobals& globals = current_globals();
  auto resolved = lang::resolve(m, globals.names);
  if (!resolved.ok()) throw syntax(resolved.error());
  globals.grow();
  modules_code_.push_back(std::move(parsed.value()));
  Frame f;
  f.globals = &globals;
  f.function = "<module>";
  f.call = std::make_shared<lang::CallRecord>(lang::CallRecord{"<module>", {}, next_call_id_++, nullptr, nullptr});
  lang::OriginScope origin(&f.origin);
  Frame* saved_frame = frame_;
  frame_ = &f;
  try {
    Value v = eval(*static_cast<const lang::ExprStmt&>(*modules_code_.back()->body[0]).value, f);
    frame_ = saved_frame;
    return v;
  } catch (ScriptError&) {
    frame_ = saved_frame;
    throw;
  } catch (const std::exception& e) {
    frame_ = saved_frame;
    throw translate_torch_error(e);
  }
}

std::vector<std::string> Interpreter::global_names() const { return current_globals().bound_names(); }

// A builtin read at one place (`len`, `range` in a loop): the entry found
// there the last time, while the epoch holds, without the cache's hash.
const Value* Interpreter::builtin_at(const lang::Name& n) const {
  struct Site {
    const Interpreter* in = nullptr;
    uint64_t epoch = 0;
    const Value* value = nullptr;
  };
  uint64_t epoch = g_builtin_epoch.load(std::memory_order_relaxed);
  auto* site = static_cast<Site*>(n.cache.get());
  if (site && site->in == this && site->epoch == epoch) return site->value;
  const Value* v = builtin(n.id);
  if (!v) return nullptr;
  if (!site) {
    auto made = std::make_shared<Site>();
    site = made.get();
    n.cache = std::move(made);
  }
  *site = Site{this, epoch, v};
  return v;
}

const Value* Interpreter::builtin(std::string_view name) const {
  constexpr size_t kMaxName = sizeof(BuiltinCacheEntry::name);
  bool cacheable = !name.empty() && name.size() <= kMaxName;
  uint64_t epoch = g_builtin_epoch.load(std::memory_order_relaxed);
  BuiltinCacheEntry* e = cacheable ? &t_builtin_cache[builtin_cache_index(name)] : nullptr;
  if (e && e->in == this && e->epoch == epoch && e->length == name.size() &&
      std::memcmp(e->name, name.data(), name.size()) == 0)
    return e->value;
  auto it = builtins_.find(std::string(name));
  if (it == builtins_.end()) return nullptr;
  if (e) {
    e->in = this;
    e->epoch = epoch;
    e->value = &it->second;
    e->length = static_cast<uint32_t>(name.size());
    std::memcpy(e->name, name.data(), name.size());
  }
  return &it->second;
}

// unbound() removes the name: the debugger's names (Note [Debugger names])
// are builtins only while a pause lasts.
void Interpreter::set_builtin(std::string name, Value v) {
  if (is_unbound(v)) {
    builtins_.erase(name);
    g_builtin_epoch.fetch_add(1, std::memory_order_relaxed);  // Note [The builtins cache]
  } else {
    builtins_[std::move(name)] = std::move(v);
  }
}

std::vector<std::string> Interpreter::builtin_names() const {
  std::vector<std::string> out;
  for (const auto& [k, v] : builtins_) out.push_back(k);
  return out;
}

void Interpreter::register_module(std::string dotted_name, ModuleFactory factory) {
  module_factories_[std::move(dotted_name)] = std::move(factory);
}

// --- running ------------------------------------------------------------------

void Interpreter::request_interrupt(const std::string& reason) {
  {
    std::lock_guard<std::mutex> lock(interrupt_reason_mutex_);
    interrupt_reason_ = reason;
  }
  request_interrupt();
}

void Interpreter::handle_interrupt() {
  if (interrupt_.load(std::memory_order_relaxed) == kInterruptPause && tracer_) {
    clear_interrupt();
    if (tracer_->on_pause_request(*this)) return;
  }
  raise_interrupt();
}

void Interpreter::trace_line(Frame& f, const lang::Stmt& s) {
  if (tracer_) tracer_->on_line(*this, f, s);
}

void Interpreter::raise_interrupt() {
  clear_interrupt();
  std::vector<Value> args;
  {
    std::lock_guard<std::mutex> lock(interrupt_reason_mutex_);
    if (!interrupt_reason_.empty()) args.push_back(make_str(std::move(interrupt_reason_)));
    interrupt_reason_.clear();
  }
  throw ScriptError(std::make_shared<ExceptionObject>(*exc_types().keyboard_interrupt, std::move(args)));
}

std::optional<lang::Diagnostic> Interpreter::check_syntax(const std::string& text) {
  uint32_t file = lang::SourceRegistry::instance().add("<stdin>", text);
  auto m = lang::parse_module(file);
  if (!m.ok()) return m.error();
  return std::nullopt;
}

Interpreter::Outcome Interpreter::run_source(const std::string& name, std::string text, Mode mode) {
  Outcome outcome;
  uint32_t file = lang::SourceRegistry::instance().add(name, std::move(text));
  auto parsed = lang::parse_module(file);
  if (!parsed.ok()) {
    outcome.syntax_error = parsed.error();
    return outcome;
  }
  ModuleGlobals& globals = current_globals();
  auto resolved = lang::resolve(*parsed.value(), globals.names);
  if (!resolved.ok()) {
    outcome.syntax_error = resolved.error();
    return outcome;
  }
  globals.grow();
  // A program's __file__ is its absolute path, as CPython 3.9+ sets it for
  // `python prog.py` (warnings name the file by it).
  if (mode == Mode::File && !name.empty() && name.front() != '<') {
    std::error_code ec;
    auto path = std::filesystem::absolute(name, ec);
    if (!ec) globals.set("__file__", make_str(path.lexically_normal().string()));
  }
  modules_code_.push_back(std::move(parsed.value()));
  try {
    run_module(*modules_code_.back(), mode, globals);
  } catch (ScriptError& e) {
    outcome.error = std::move(e);
  }
  return outcome;
}

Interpreter::Outcome Interpreter::run_in_frame(const std::string& name, std::string text, Frame& f) {
  if (!f.scope) return run_source(name, std::move(text), Mode::Shell);  // module level: plain shell input
  Outcome outcome;
  uint32_t file = lang::SourceRegistry::instance().add(name, std::move(text));
  auto parsed = lang::parse_module(file);
  if (!parsed.ok()) {
    outcome.syntax_error = parsed.error();
    return outcome;
  }
  ModuleGlobals& globals = f.globals ? *f.globals : *main_globals_;
  auto resolved = lang::resolve_in_frame(*parsed.value(), globals.names, *f.scope);
  if (!resolved.ok()) {
    outcome.syntax_error = resolved.error();
    return outcome;
  }
  globals.grow();
  modules_code_.push_back(std::move(parsed.value()));
  // The frame is mid-statement: keep where it was, for its traceback and
  // for the rest of its run.
  const lang::Stmt* saved_statement = f.statement;
  lang::Span saved_current = f.current;
  Frame* saved_echo = echo_frame_;
  echo_frame_ = &f;
  try {
    exec_block(modules_code_.back()->body, f);
  } catch (ScriptError& e) {
    e.add_frame(TraceFrame{f.current, "<breakpoint>"});
    outcome.error = std::move(e);
  } catch (const std::exception& e) {
    outcome.error = translate_torch_error(e);
  }
  echo_frame_ = saved_echo;
  f.statement = saved_statement;
  f.current = saved_current;
  return outcome;
}

Interpreter::Outcome Interpreter::run_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Outcome o;
    std::string why = std::strerror(errno);
    o.error = ScriptError(std::make_shared<ExceptionObject>(
        *exc_types().file_not_found_error,
        std::vector<Value>{make_str(fmt::format("[Errno {}] {}: '{}'", errno, why, path))}));
    return o;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  if (const Value* m = modules_->find_str("__main__"))
    if (auto* mod = m->as<ModuleObject>(); mod && mod->ns() == main_globals_) mod->set_namespace(main_globals_, path);
  return run_source(path, ss.str(), Mode::File);
}

// Note [A body run in its own frame]
// A module, a class body and exec()'d code each run in a frame of their own
// that is not a call (call_function, the hot path, keeps its own copy of
// this): the frame becomes the current one (and the echoing one for shell
// input), an error leaving it gets the frame's line in its traceback --
// a foreign exception translated first --, and the frames before come back
// however the body ends.
void Interpreter::run_in_own_frame(Frame& f, bool echo, bool unwind_to_tracer, const std::function<void()>& body) {
  Frame* saved_frame = frame_;
  Frame* saved_echo = echo_frame_;
  frame_ = &f;
  echo_frame_ = echo ? &f : nullptr;
  auto restore = [&] {
    frame_ = saved_frame;
    echo_frame_ = saved_echo;
  };
  try {
    body();
  } catch (ScriptError& e) {
    e.add_frame(TraceFrame{f.current, std::string(f.function)});
    if (unwind_to_tracer && tracer_) tracer_->on_unwind(*this, f, e);
    restore();
    throw;
  } catch (const std::exception& e) {
    ScriptError se = translate_foreign_error(e);
    se.add_frame(TraceFrame{f.current, std::string(f.function)});
    if (unwind_to_tracer && tracer_) tracer_->on_unwind(*this, f, se);
    restore();
    throw se;
  }
  restore();
}

void Interpreter::run_module(const lang::Module& m, Mode mode, ModuleGlobals& globals) {
  Frame f;
  f.globals = &globals;
  f.function = "<module>";
  f.call = std::make_shared<lang::CallRecord>(lang::CallRecord{"<module>", {}, next_call_id_++, nullptr, nullptr});
  lang::OriginScope origin(&f.origin);
  run_in_own_frame(f, mode == Mode::Shell, true, [&] { exec_block(m.body, f); });
}

std::vector<TraceFrame> Interpreter::stack() const {
  std::vector<TraceFrame> out;
  for (Frame* f = frame_; f; f = f->parent) out.push_back(TraceFrame{f->current, std::string(f->function)});
  return {out.rbegin(), out.rend()};
}

// --- calls ------------------------------------------------------------------

Value Interpreter::call(const Value& callee, Args& args) { return rt::call(*this, callee, args); }

namespace {

// Binds call arguments to parameter slots with Python's rules and messages.
void bind_arguments(Interpreter& in, const ScriptFunction& fn, Args& args, Frame& f) {
  const auto& params = fn.code->params;
  const std::string& name = fn.qualname;  // CPython 3.10+ names the function by __qualname__
  size_t n_positional = 0;
  int varargs = -1, kwargs = -1;
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].kind == lang::Param::Kind::Positional) ++n_positional;
    if (params[i].kind == lang::Param::Kind::VarArgs) varargs = static_cast<int>(i);
    if (params[i].kind == lang::Param::Kind::KwArgs) kwargs = static_cast<int>(i);
  }
  size_t given = args.pos.size();
  if (given > n_positional && varargs < 0) {
    size_t required = 0;
    for (size_t i = 0; i < n_positional; ++i) required += is_unbound(fn.defaults[i]);
    std::string takes = required == n_positional ? std::to_string(n_positional)
                                                  : fmt::format("from {} to {}", required, n_positional);
    raise_type_error(fmt::format("{}() takes {} positional argument{} but {} {} given", name, takes,
                                 n_positional == 1 ? "" : "s", given, given == 1 ? "was" : "were"));
  }
  for (size_t i = 0; i < std::min(given, n_positional); ++i) f.locals[i] = std::move(args.pos[i]);
  // Every parameter filled positionally (the common call): nothing is left
  // to bind, default or report.
  if (given == params.size() && varargs < 0 && args.kw.empty()) return;
  if (varargs >= 0) {
    std::vector<Value> rest;
    for (size_t i = n_positional; i < given; ++i) rest.push_back(std::move(args.pos[i]));
    f.locals[static_cast<size_t>(varargs)] = make_tuple(std::move(rest));
  }
  std::shared_ptr<DictObject> extra = kwargs >= 0 ? std::make_shared<DictObject>() : nullptr;
  for (auto& kw : args.kw) {
    size_t i = 0;
    for (; i < params.size(); ++i)
      if (params[i].name == kw.name && (params[i].kind == lang::Param::Kind::Positional ||
                                        params[i].kind == lang::Param::Kind::KwOnly))
        break;
    if (i == params.size()) {
      if (!extra) raise_type_error(fmt::format("{}() got an unexpected keyword argument '{}'", name, kw.name));
      extra->set(make_str(kw.name), std::move(kw.value));
      continue;
    }
    if (!is_unbound(f.locals[i]))
      raise_type_error(fmt::format("{}() got multiple values for argument '{}'", name, kw.name));
    f.locals[i] = std::move(kw.value);
  }
  if (kwargs >= 0) f.locals[static_cast<size_t>(kwargs)] = Value(extra);
  std::vector<std::string> missing_pos, missing_kw;
  for (size_t i = 0; i < params.size(); ++i) {
    if (!is_unbound(f.locals[i]) || (int)i == varargs || (int)i == kwargs) continue;
    if (!is_unbound(fn.defaults[i])) {
      f.locals[i] = fn.defaults[i];
      continue;
    }
    (params[i].kind == lang::Param::Kind::KwOnly ? missing_kw : missing_pos).push_back("'" + params[i].name + "'");
  }
  for (auto* missing : {&missing_pos, &missing_kw}) {
    if (missing->empty()) continue;
    std::string list;
    for (size_t i = 0; i < missing->size(); ++i) {
      if (i) list += missing->size() == 2 ? " and " : (i + 1 == missing->size() ? ", and " : ", ");
      list += (*missing)[i];
    }
    raise_type_error(fmt::format("{}() missing {} required {} argument{}: {}", name, missing->size(),
                                 missing == &missing_pos ? "positional" : "keyword-only",
                                 missing->size() == 1 ? "" : "s", list));
  }
  (void)in;
}

}  // namespace

void Interpreter::init_frame(ScriptFunction& fn, Frame& f) {
  const lang::FunctionCode& code = *fn.code;
  f.scope = &code.scope;
  f.globals = fn.globals.get();
  f.function = code.name;
  f.parent = frame_;
  f.current = code.span;
  // Note [Call records on demand] (call_records.cpp)
  uint64_t id = next_call_id_++;
  lang::Span call_site = frame_ ? frame_->current : lang::Span{};
  if (tracer_) f.call = new_call_record(code.name, call_site, id, frame_ ? frame_call(*frame_) : nullptr);
  else set_pending_call(f, id, call_site);
}

namespace {
// The cells a call makes (its own, then the closure's), with the
// parameters that closures capture copied in.
void setup_cells(const ScriptFunction& fn, Frame& f) {
  const lang::ScopeInfo& scope = fn.code->scope;
  for (size_t i = 0; i < scope.cell_names.size(); ++i) f.cells.push_back(std::make_shared<CellObject>());
  for (const auto& c : fn.free_cells) f.cells.push_back(c);
  for (size_t i = 0; i < scope.param_cells.size(); ++i) {
    int32_t cell = scope.param_cells[i];
    if (cell < 0) continue;
    f.cells[static_cast<size_t>(cell)]->value = f.locals[i];
    f.cells[static_cast<size_t>(cell)]->bound = true;
  }
}
}  // namespace

void bind_call_arguments(Interpreter& in, const ScriptFunction& fn, Args& args, Frame& f) {
  f.locals.assign(fn.code->scope.local_names.size(), unbound());
  bind_arguments(in, fn, args, f);
}

void setup_call_cells(const ScriptFunction& fn, Frame& f) { setup_cells(fn, f); }

// The module's own frame counts toward the limit, as in CPython: a function
// recursing from the top level gets 999 frames, and its folded traceback says
// "[Previous line repeated 996 more times]" as CPython's does.
constexpr int kModuleFrame = 1;

int Interpreter::recursion_depth() const { return depth_ + native_depth_ + kModuleFrame; }

void Interpreter::enter_native_recursion(const char* where) {
  check_recursion(where);
  ++native_depth_;
}

Value Interpreter::call_function(ScriptFunction& fn, Args& args) {
  const lang::FunctionCode& code = *fn.code;
  check_recursion();
  if (code.is_generator) return make_generator(fn, args);
  Frame f;
  size_t given = args.pos.size();
  if (given == code.params.size() && args.kw.empty() && code.only_positional_params()) {
    // Every parameter given positionally: the arguments move in as they are.
    size_t n = code.scope.local_names.size();
    f.locals.reserve(n);
    for (auto& a : args.pos) f.locals.push_back(std::move(a));
    if (n > given) f.locals.append(n - given, unbound());
  } else {
    f.locals.assign(code.scope.local_names.size(), unbound());
    bind_arguments(*this, fn, args, f);
  }
  return run_call(fn, f);
}

// Note [Calls without an argument list]
// The commonest call -- `obj.method(a, b)` or `f(a, b)` reaching a plain
// function whose parameters the arguments fill exactly, in order -- has
// nothing to bind: the arguments are evaluated straight into the new
// frame's locals, with no Args list made, filled, moved from and freed
// (92 of method_calls' 1,781 instructions an iteration, callgrind, stop 30). The
// order is the general path's: receiver, arguments left to right, then the
// caller's position moves to the call, Ctrl-C is checked, the recursion
// limit, and the call.
Value Interpreter::direct_call(ScriptFunction& fn, Value* self, const lang::Call& c, Frame& caller) {
  Frame f;
  size_t n = fn.code->scope.local_names.size();
  f.locals.reserve(n);
  if (self) f.locals.push_back(std::move(*self));
  for (const auto& a : c.args) f.locals.push_back(eval(*a, caller));
  if (n > f.locals.size()) f.locals.append(n - f.locals.size(), unbound());
  caller.current = c.span;
  check_interrupt();
  check_recursion();
  SiteScope scope(&c.cache);
  return run_call(fn, f);
}

void Interpreter::check_recursion(const char* where) {
  if (recursion_depth() >= recursion_limit_ || stack_exhausted()) [[unlikely]]
    raise(*exc_types().recursion_error, std::string("maximum recursion depth exceeded") + where);
}

// Runs fn's body in f, whose locals hold the bound arguments.
Value Interpreter::run_call(ScriptFunction& fn, Frame& f) {
  const lang::FunctionCode& code = *fn.code;
  init_frame(fn, f);
  lang::OriginScope origin(&f.origin);
  if (!code.scope.cell_names.empty() || !fn.free_cells.empty()) setup_cells(fn, f);
  Frame* saved = frame_;
  frame_ = &f;
  ++depth_;
  try {
    if (code.lambda_body) {
      f.current = code.lambda_body->span;
      f.return_value = eval(*code.lambda_body, f);
    } else {
      exec_block(code.body, f);
    }
  } catch (ScriptError& e) {
    --depth_;
    frame_ = saved;
    e.add_frame(TraceFrame{f.current, std::string(f.function)});
    if (tracer_) tracer_->on_unwind(*this, f, e);
    throw;
  } catch (const std::exception& e) {
    --depth_;
    frame_ = saved;
    ScriptError se = translate_foreign_error(e);
    se.add_frame(TraceFrame{f.current, std::string(f.function)});
    if (tracer_) tracer_->on_unwind(*this, f, se);
    throw se;
  }
  --depth_;
  frame_ = saved;
  if (tracer_) tracer_->on_return(*this, f);
  recycle_call_record(f.call);  // Note [Reused call records]
  return std::move(f.return_value);
}

// --- reporting -------------------------------------------------------------

void Interpreter::warn(const std::string& category, const std::string& message) {
  std::string text = message;
  while (!text.empty() && text.back() == '\n') text.pop_back();
  // Through the script's warnings module (filters, catch_warnings, -W), as
  // PyTorch's Python-level warnings go; printed directly only off the
  // interpreter thread or while the module itself is issuing a warning.
  static thread_local bool issuing = false;
  if (on_interpreter_thread() && !issuing) {
    issuing = true;
    try {
      warn_from_native(*this, warning_category(category), text);
    } catch (...) {
      issuing = false;
      throw;
    }
    issuing = false;
    return;
  }
  lang::Span at = current_span();
  std::string key = std::to_string(at.file) + ":" + std::to_string(at.line) + ":" + category + ":" + message;
  if (!warned_.insert(key).second) return;
  std::string out = at.valid() ? fmt::format("{}:{}: ", lang::file_name_of(at), at.line) : std::string();
  out += category + ": " + text + "\n";
  std::string_view line = lang::source_line(at);
  size_t strip = line.find_first_not_of(" \t");
  if (strip != std::string_view::npos) out += "  " + std::string(line.substr(strip)) + "\n";
  sink_->err(out);
}

namespace {

// Note [Folding repeated traceback entries]
// As CPython's traceback printing (tb_printinternal, and StackSummary.format
// in the traceback module): at most the last 1000 entries (PyTraceBack_LIMIT),
// and a run of entries with the same file, line and function prints its first
// 3 (TB_RECURSIVE_CUTOFF), then "[Previous line repeated N more times]" -- a
// RecursionError is a few lines, not 3,000. The column is not compared, as
// CPython's entries have none.
constexpr size_t kTracebackLimit = 1000;
constexpr size_t kRecursiveCutoff = 3;

bool same_entry(const TraceFrame& a, const TraceFrame& b) {
  return a.span.file == b.span.file && a.span.line == b.span.line && a.function == b.function;
}

void append_repeated(std::string& out, size_t count) {
  if (count <= kRecursiveCutoff) return;
  size_t more = count - kRecursiveCutoff;
  out += fmt::format("  [Previous line repeated {} more time{}]\n", more, more > 1 ? "s" : "");
}

}  // namespace

std::string format_frames(const std::vector<TraceFrame>& frames) {
  std::string out;
  size_t first = frames.size() > kTracebackLimit ? frames.size() - kTracebackLimit : 0;
  size_t run = 0;  // entries so far in the current run of identical ones
  for (size_t i = first; i < frames.size(); ++i) {
    const TraceFrame& fr = frames[i];
    if (i == first || !same_entry(fr, frames[i - 1])) {
      append_repeated(out, run);
      run = 0;
    }
    if (++run > kRecursiveCutoff) continue;
    out += fmt::format("  File \"{}\", line {}, col {}, in {}\n", lang::file_name_of(fr.span), fr.span.line,
                       fr.span.col, fr.function);
    out += lang::format_caret(fr.span, 4);
  }
  append_repeated(out, run);
  return out;
}

// The exceptions chained before this one (its __cause__, or its
// __context__ unless `raise ... from` suppressed it), oldest first, each with
// the line Python prints between them.
std::string Interpreter::format_chain(const ExceptionObject& exc, std::vector<const ExceptionObject*>& seen) {
  const Value* link = nullptr;
  const char* between = nullptr;
  if (exc.cause.as<ExceptionObject>()) {
    link = &exc.cause;
    between = "\nThe above exception was the direct cause of the following exception:\n\n";
  } else if (!exc.suppress_context && exc.context.as<ExceptionObject>()) {
    link = &exc.context;
    between = "\nDuring handling of the above exception, another exception occurred:\n\n";
  }
  if (!link) return "";
  const auto* prev = link->as<ExceptionObject>();
  if (std::find(seen.begin(), seen.end(), prev) != seen.end()) return "";
  seen.push_back(prev);
  std::string out = format_chain(*prev, seen);
  if (!prev->caught_traceback.empty())
    out += "Traceback (most recent call last):\n" + format_frames(prev->caught_traceback);
  out += exception_line(*prev);
  return out + between;
}

std::string Interpreter::exception_line(const ExceptionObject& exc) {
  std::string msg;
  try {
    msg = exc.display_message(*this);
  } catch (...) {
  }
  msg += attribute_suggestion(*this, exc);
  std::string out = exc.type().qualified_name() + (msg.empty() ? "" : ": " + msg) + "\n";
  for (const auto& note : exc.notes) out += note + "\n";
  return out;
}

std::string Interpreter::format_error(const ScriptError& e) {
  std::vector<const ExceptionObject*> seen{e.exception().get()};
  std::string out = format_chain(*e.exception(), seen);
  auto frames = e.traceback();
  if (!frames.empty()) out += "Traceback (most recent call last):\n" + format_frames(frames);
  if (const lang::Span& at = e.exception()->syntax_span; at.valid()) {
    lang::Span s = at;
    if (s.end_line != s.line) s.end_col = s.col + 1;
    out += fmt::format("  File \"{}\", line {}, col {}\n", lang::file_name_of(s), s.line, s.col) + lang::format_caret(s, 4);
  }
  std::string msg;
  try {
    msg = e.exception()->display_message(*this);
  } catch (...) {
    msg = e.message();
  }
  // Qualified as Python prints it: torch.autograd.gradcheck.GradcheckError.
  msg += attribute_suggestion(*this, *e.exception());  // printed, not part of str(e)
  out += e.type().qualified_name() + (msg.empty() ? "" : ": " + msg) + "\n";
  for (const auto& note : e.exception()->notes) out += note + "\n";
  return out;
}

void Interpreter::report(const Outcome& outcome) {
  if (outcome.syntax_error) sink_->err(lang::format_diagnostic(*outcome.syntax_error));
  if (outcome.error) sink_->err(format_error(*outcome.error));
}

}  // namespace backstep::rt
