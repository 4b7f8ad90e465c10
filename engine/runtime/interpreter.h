// The tree-walking interpreter.
//
// One Interpreter is one session: its globals, its modules, its output. It
// runs on one thread, the interpreter thread; code that runs elsewhere (the
// autograd engine's worker, a signal handler) talks to it only through the
// thread-safe entry points marked below.
#pragma once

#include "engine/lang/origin.h"
#include "engine/lang/ast.h"
#include "engine/lang/diagnostic.h"
#include "engine/lang/resolver.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"

#include <atomic>
#include <thread>
#include <tuple>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <optional>
#include <typeindex>
#include <unordered_set>

namespace backstep::rt {

// Where the program's output goes. The shell, batch mode and tests each
// provide one; the engine never writes to the terminal itself.
class OutputSink {
 public:
  virtual ~OutputSink() = default;
  virtual void out(std::string_view text) = 0;
  virtual void err(std::string_view text) = 0;
  virtual void flush() {}  // print(..., flush=True)
};

// Observes execution, for the debugger: statement boundaries and
// breakpoint() calls. Default: nothing.
class Tracer;  // tracer.h

class ExecutionObserver {
 public:
  virtual ~ExecutionObserver() = default;
  virtual void on_breakpoint(Interpreter& in, const lang::Span& where) { (void)in, (void)where; }
};

// One activation of a script function (or the module level). Frames live
// on the C++ stack and point into themselves (origin), so they never move.
struct Frame {
  Frame() = default;
  Frame(const Frame&) = delete;
  Frame& operator=(const Frame&) = delete;

  const lang::ScopeInfo* scope = nullptr;  // null at module level
  c10::SmallVector<Value, 8> locals;
  c10::SmallVector<std::shared_ptr<CellObject>, 2> cells;  // own cells, then free ones
  std::string_view function;  // "<module>", "f", "<lambda>", "<listcomp>"
  const lang::Stmt* statement = nullptr;  // the statement being executed
  Frame* parent = nullptr;
  Value return_value;
  // The exception being handled by an enclosing `except` (for bare `raise`
  // and for exception chaining).
  std::shared_ptr<ExceptionObject> handling;
  // A class body's namespace (names resolved ClassBody live there).
  DictObject* class_ns = nullptr;
  // The module whose code runs in this frame: its globals (a function's are
  // those of the module that defined it).
  ModuleGlobals* globals = nullptr;

  // The operation being executed in this frame (a call, an operator, a
  // subscript): its line is what a traceback shows for the frame, its
  // columns get the carets, and autograd records it as a node's origin.
  lang::Span current;
  // The script call this frame belongs to (comprehensions share their
  // function's), and the context autograd reads both through.
  std::shared_ptr<const lang::CallRecord> call;
  // A function call's record before it is made (Note [Call records on
  // demand], call_records.cpp): the id it will have and where it was called.
  bool call_pending = false;
  uint64_t call_id = 0;
  lang::Span call_site;
  lang::OriginContext origin{&current, &call, this};
};


class Interpreter {
 public:
  explicit Interpreter(OutputSink& sink);
  ~Interpreter();
  // The interpreter running script code on this thread (the one made last,
  // or the one whose code runs now). Dict lookups use it to call a key's
  // __hash__ and __eq__.
  static Interpreter& current();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // --- running code ------------------------------------------------------
  enum class Mode {
    File,   // a program: expression statements are evaluated silently
    Shell,  // an interactive input: expression values are echoed (sys.displayhook)
  };
  // The outcome of running a source. A syntax error and a runtime error are
  // reported here, as values; nothing is printed.
  struct Outcome {
    std::optional<lang::Diagnostic> syntax_error;
    std::optional<ScriptError> error;
    bool ok() const { return !syntax_error && !error; }
  };
  Outcome run_source(const std::string& name, std::string text, Mode mode);
  Outcome run_file(const std::string& path);  // a missing file is an OSError-like outcome
  // Runs shell input inside a paused frame (at breakpoint()): the frame's
  // variables are visible and assignable, as at Python's pdb prompt.
  Outcome run_in_frame(const std::string& name, std::string text, Frame& frame);

  // Names bound as globals while some code runs (the debugger's `node`,
  // `grad_outputs`); the previous values come back afterwards.
  struct Binding {
    std::string name;
    Value value;
  };
  class BindingScope {
   public:
    BindingScope(Interpreter& in, const std::vector<Binding>& bindings);
    ~BindingScope();
    BindingScope(const BindingScope&) = delete;
    BindingScope& operator=(const BindingScope&) = delete;

   private:
    Interpreter& in_;
    std::vector<std::pair<std::string, std::optional<Value>>> saved_;
  };
  // Evaluates one expression at module level (a breakpoint condition).
  // Raises ScriptError, also for a syntax error (as SyntaxError).
  Value eval_expression(const std::string& text, const std::string& name = "<condition>");

  // exec() and eval() (Note [exec and eval], exec_builtins.cpp): `text`
  // parsed and resolved for `globals` (wrapped as a class body when
  // `class_form`: the code has its own local namespace), kept for the
  // session; then run, as a module body or with `locals` as that namespace.
  const lang::Module& dynamic_code(const std::string& text, const std::string& filename, ModuleGlobals& globals,
                                   bool class_form);
  Value run_dynamic(const lang::Module& m, ModuleGlobals& globals, DictObject* locals, bool expression, bool echo);

  // Parses without running (the shell asks whether input is complete).
  std::optional<lang::Diagnostic> check_syntax(const std::string& text);

  // Prints an error as Python does: traceback with carets, then the last
  // line "TypeError: message". Goes to the sink's err().
  std::string format_error(const ScriptError& e);
  std::string format_chain(const ExceptionObject& exc, std::vector<const ExceptionObject*>& seen);
  std::string exception_line(const ExceptionObject& exc);
  void report(const Outcome& outcome);

  // --- state -------------------------------------------------------------
  OutputSink& sink() { return *sink_; }
  void set_sink(OutputSink& sink) { sink_ = &sink; }
  // Globals of the module whose code runs now (the program's, __main__,
  // when nothing runs).
  std::optional<Value> global(std::string_view name) const;
  ModuleGlobals& current_globals() const { return frame_ && frame_->globals ? *frame_->globals : *main_globals_; }
  ModuleGlobals& main_globals() const { return *main_globals_; }
  // The running module's __name__ ("__main__" for the program).
  Value module_name() const;
  void set_global(std::string_view name, Value v);
  void delete_global(std::string_view name);
  std::vector<std::string> global_names() const;  // bound ones, for completion
  const Value* builtin(std::string_view name) const;
  const Value* builtin_at(const lang::Name& n) const;  // builtin(n.id), remembered at the name
  void set_builtin(std::string name, Value v);
  std::vector<std::string> builtin_names() const;

  // Native modules for `import`: created on first import and cached.
  using ModuleFactory = std::function<Value(Interpreter&)>;
  void register_module(std::string dotted_name, ModuleFactory factory);
  // `import a.b.c` (import.cpp): sys.modules, then native modules, then a
  // .py file or package on sys.path, then backstep's own pylib. Raises
  // ModuleNotFoundError; a module whose code fails is not kept.
  Value import_module(const std::string& dotted_name);
  // The absolute name `from .x import y` (level leading dots) means in the
  // running module.
  std::string resolve_relative(const std::string& dotted_name);
  // sys.modules: every module imported so far, by name.
  const std::shared_ptr<DictObject>& modules() const { return modules_; }

  // Objects whose repr() is in progress (ReprGuard).
  std::unordered_set<const void*>& repr_active() { return repr_active_; }

  ExecutionObserver* observer() const { return observer_; }
  void set_observer(ExecutionObserver* o) { observer_ = o; }
  // The debugger's hooks into the forward (tracer.h, Note [Tracer cost]).
  Tracer* tracer() const { return tracer_; }
  void set_tracer(Tracer* t) { tracer_ = t; }
  void trace_lines(bool on) { trace_lines_ = on && tracer_; }

  // Per-session state owned by other layers (the torch API's tensor names,
  // the debugger), keyed by type. Created on first use.
  template <class T>
  T& state() {
    auto& slot = states_[std::type_index(typeid(T))];
    if (!slot) slot = std::shared_ptr<void>(new T(), [](void* p) { delete static_cast<T*>(p); });
    return *static_cast<T*>(slot.get());
  }

  // Python's warnings.warn with the default filter: printed once per
  // (location, message) as "file:line: Category: message" and the source
  // line, on the error sink.
  void warn(const std::string& category, const std::string& message);

  // --- calling -----------------------------------------------------------
  Value call(const Value& callee, Args& args);
  Value call(const Value& callee, std::initializer_list<Value> args) {
    Args a(args);
    return call(callee, a);
  }

  // --- frames ------------------------------------------------------------
  Frame* current_frame() const { return frame_; }
  // The script call stack, outermost first (for :where and warnings).
  std::vector<TraceFrame> stack() const;
  // The span being executed in the innermost frame (autograd uses it to
  // record which line created each node).
  lang::Span current_span() const { return frame_ ? frame_->current : lang::Span{}; }

  // --- generators (generator.cpp) -----------------------------------------
  // What a generator swaps in and out around each resume.
  struct ThreadState {
    Frame* frame;
    int depth;
    const lang::OriginContext* origin;
    class GeneratorObject* generator;
  };
  ThreadState save_thread_state() const;
  void restore_thread_state(const ThreadState& s);
  class GeneratorObject* current_generator() const { return current_generator_; }

  // --- the interpreter thread ----------------------------------------------
  // Script code runs on one thread only: the thread that created the
  // interpreter. Code elsewhere (the autograd engine's worker running a
  // script hook) calls run_on_interpreter_thread(), which posts the work and
  // waits; the interpreter thread runs posted work while it waits for that
  // worker in pump_until().
  bool on_interpreter_thread() const { return std::this_thread::get_id() == thread_; }
  void run_on_interpreter_thread(const std::function<void()>& work);
  // On the interpreter thread: runs posted work until done() holds; done()
  // is re-checked whenever notify() is called or work arrives.
  void pump_until(const std::function<bool()>& done);
  void notify();  // thread-safe

  // --- interruption (thread-safe) -----------------------------------------
  // Called from a SIGINT handler or another thread: the interpreter raises
  // KeyboardInterrupt at the next statement, loop iteration or call.
  void request_interrupt() { interrupt_.store(kInterruptRaise, std::memory_order_relaxed); }
  // Ctrl-C under a debugger: the tracer may pause the program there
  // instead (Tracer::on_pause_request); without one it is an interrupt.
  void request_pause() {
    uint8_t none = kInterruptNone;
    interrupt_.compare_exchange_strong(none, kInterruptPause, std::memory_order_relaxed);
  }
  // The same with a reason the KeyboardInterrupt carries as its message
  // (--timeout). Not for signal handlers: it takes a lock.
  void request_interrupt(const std::string& reason);
  void check_interrupt() {
    if (interrupt_.load(std::memory_order_relaxed)) handle_interrupt();
  }
  void clear_interrupt() { interrupt_.store(kInterruptNone, std::memory_order_relaxed); }

  // --- used by the evaluator (eval_expr.cpp, exec_stmt.cpp) ---------------
  enum class Flow : uint8_t { Normal, Break, Continue, Return };
  Value eval(const lang::Expr& e, Frame& f);
  Flow exec(const lang::Stmt& s, Frame& f);
  Flow exec_block(const lang::StmtList& body, Frame& f);
  void assign(const lang::Expr& target, const Value& v, Frame& f);
  Value call_function(class ScriptFunction& fn, Args& args);
  // RecursionError ("maximum recursion depth exceeded" + where) at the limit or near the end of the C stack.
  void check_recursion(const char* where = "");
  int depth() const { return depth_; }
  // Note [Recursion in native code]: C++ that recurses on data (comparing or
  // printing nested containers) counts against the same limit as script
  // calls, as CPython's Py_EnterRecursiveCall does, so a deep or cyclic
  // structure raises RecursionError ("maximum recursion depth exceeded" +
  // `where`) instead of overflowing the C stack. Use NativeRecursion (py_ops.h).
  void enter_native_recursion(const char* where);
  void leave_native_recursion() { --native_depth_; }
  // sys.getrecursionlimit / setrecursionlimit: the levels counted above,
  // as CPython's (the module frame counts one).
  int recursion_limit() const { return recursion_limit_; }
  void set_recursion_limit(int limit) { recursion_limit_ = limit; }
  int recursion_depth() const;

 private:
  friend class Evaluator;
  [[noreturn]] void raise_interrupt();
  void handle_interrupt();  // a pause request the tracer took, else raise_interrupt()
  void trace_line(Frame& f, const lang::Stmt& s);
  Value load_name(const lang::Name& n, Frame& f);
  const Value* local_in_place(const lang::Expr& e, Frame& f);
  void store_slot(const lang::NameSlot& slot, const std::string& name, Value v, Frame& f);
  void delete_slot(const lang::NameSlot& slot, const std::string& name, Frame& f);
  Value eval_call(const lang::Call& c, Frame& f);
  void collect_args(const lang::Call& c, Frame& f, Args& args);
  Value eval_comprehension(const lang::Comprehension& c, Frame& f);
  Value eval_fstring(const lang::FString& s, Frame& f);
  Value eval_yield(const lang::Expr& e, Frame& f);
  Value make_generator(class ScriptFunction& fn, Args& args);
  void run_generator_function(class GeneratorObject& g, class ScriptFunction& fn, c10::SmallVector<Value, 8> locals);
  Value make_generator_expression(const lang::Comprehension& c, Frame& outer, Value first_iter);
  void run_comprehension(const lang::Comprehension& c, Frame& f, const Value& first_iter,
                         const std::function<void(const Value&, const Value*)>& emit);
  void init_frame(class ScriptFunction& fn, Frame& f);
  Value run_call(class ScriptFunction& fn, Frame& f);
  // Note [Calls without an argument list] (interpreter.cpp)
  Value direct_call(class ScriptFunction& fn, Value* self, const lang::Call& c, Frame& caller);
  Value make_function(const std::shared_ptr<lang::FunctionCode>& code, Frame& f);
  Value function_annotations(const lang::FunctionCode& code, Frame& f);
  void exec_class(const lang::ClassDef& c, Frame& f);
  Value run_class_body(const lang::ClassDef& c, Frame& f, const Value& ns);
  void exec_annotation(const lang::AnnAssign& a, Frame& f);
  Flow exec_for(const lang::For& s, Frame& f);
  Flow exec_try(const lang::Try& s, Frame& f);
  Flow exec_with(const lang::With& s, Frame& f);
  void exec_import(const lang::Stmt& s, Frame& f);
  void import_star(const Value& mod, Frame& f);
  Value import_submodule(const Value& mod, const std::string& module_name, const std::string& name);
  [[noreturn]] void exec_raise(const lang::Raise& s, Frame& f);
  void run_module(const lang::Module& m, Mode mode, ModuleGlobals& globals);
  // Note [A body run in its own frame] (interpreter.cpp)
  void run_in_own_frame(Frame& f, bool echo, bool unwind_to_tracer, const std::function<void()>& body);

  OutputSink* sink_;
  ExecutionObserver* observer_ = nullptr;
  Tracer* tracer_ = nullptr;
  bool trace_lines_ = false;
  std::shared_ptr<ModuleGlobals> main_globals_;
  std::unordered_map<std::string, Value> builtins_;
  std::map<std::string, ModuleFactory> module_factories_;
  std::shared_ptr<DictObject> modules_;
  Value find_and_load(const std::string& dotted_name);
  Value load_source_module(const std::string& dotted_name, const std::string& file, std::string text,
                           std::optional<std::string> package_dir);
  std::unordered_map<std::type_index, std::shared_ptr<void>> states_;
  // Parsed modules stay alive for the session: functions, nodes' source
  // spans and call-site caches point into them.
  std::vector<std::unique_ptr<lang::Module>> modules_code_;
  // dynamic_code()'s parses by (text, file name, globals, class form).
  struct DynamicCode {
    std::weak_ptr<ModuleGlobals> globals;
    const lang::Module* module = nullptr;
  };
  std::map<std::tuple<std::string, std::string, const ModuleGlobals*, bool>, DynamicCode> dynamic_code_;
  Frame* frame_ = nullptr;
  Frame* echo_frame_ = nullptr;  // the shell input's module frame: its expression values are echoed
  int depth_ = 0;
  int native_depth_ = 0;
  int recursion_limit_ = 1000;
  uint64_t next_call_id_ = 1;
  static constexpr uint8_t kInterruptNone = 0, kInterruptRaise = 1, kInterruptPause = 2;
  std::atomic<uint8_t> interrupt_{kInterruptNone};
  std::mutex interrupt_reason_mutex_;
  std::string interrupt_reason_;
  std::thread::id thread_ = std::this_thread::get_id();
  std::set<std::string> warned_;
  std::unordered_set<const void*> repr_active_;
  Interpreter* previous_current_ = nullptr;
  class GeneratorObject* current_generator_ = nullptr;
  struct Mailbox;
  std::unique_ptr<Mailbox> mailbox_;
};

// A SyntaxError (or IndentationError) for a diagnostic in code being
// imported: the exception carries where.
ScriptError syntax_error_from(const lang::Diagnostic& d);

// Installs the builtin functions (print, len, range, ...) into `in`.
void install_builtins(Interpreter& in);

}  // namespace backstep::rt
