// The debugger: watches every backward pass of a session through hooks on
// each node of its graph, and pauses the real libtorch engine where asked.
//
// Threads. When a UI is attached (the shell, `backstep debug`), each
// backward runs on a worker thread, and the interpreter thread waits for it
// by running posted work (Interpreter::pump_until). A node's pre-hook runs
// on the worker; to pause, it posts the UI's prompt to the interpreter
// thread and blocks until the prompt returns, so the engine stops exactly
// between two nodes while the user inspects and runs script code on the one
// thread that may run it. Without a UI (logging or tracing only) the hooks
// run inline on the interpreter thread and nothing ever pauses. A graph
// with CUDA nodes also runs on libtorch's device threads: see Note [device
// threads] in session.h for what the hooks rely on and how that holds.
//
// Ownership. The debugger belongs to the interpreter's session state; the
// UI is owned by the repl and must outlive its attachment.
#pragma once

#include "engine/api/autograd_api.h"
#include "engine/autograd/module_scope.h"
#include "engine/debug/breakpoints.h"
#include "engine/debug/summary.h"
#include "engine/runtime/interpreter.h"

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace backstep::debug {

class EngineWorkers;  // engine_workers.h
class LogThread;      // log_thread.h
class ForwardTracer;  // forward.h
class Session;        // session.h

// What is known of a node before it runs (gathered while walking the graph).
struct NodeFacts {
  int id = -1;
  uint16_t name_index = 0;      // into BackwardRun::names
  uint16_t function_index = 0;  // the script function that created the node, into names ("" unknown)
  lang::Span origin;
  uint16_t module_index = 0;    // the nn.Module call that made it, into BackwardRun::modules (0: none)
};

// One node of a backward, in the order the engine ran it.
struct NodeRecord : NodeFacts {
  enum class State : uint8_t { Running, Done, Failed };
  State state = State::Running;
  uint32_t in_first = 0, in_count = 0;    // incoming gradients (grad_outputs)
  uint32_t out_first = 0, out_count = 0;  // produced gradients (grad_inputs)
  float time_us = 0;
};
// A 1M-node history must fit ~200 MB: the facts as a base add no padding.
static_assert(sizeof(NodeRecord) <= 52, "NodeRecord grew");

// One backward call (backward() or autograd.grad()) and its history.
class BackwardRun {
 public:
  enum class Outcome { Running, Finished, Failed, Aborted };
  uint64_t number = 0;     // 1, 2, ... within the session
  lang::Span call_site;    // the script line that called backward
  bool is_grad = false;    // torch.autograd.grad rather than backward
  uint64_t step = 0;       // optimizer.step() calls before it (api/training_steps.h)
  std::optional<double> loss;  // the root's value, when it is one element
  std::vector<int> roots;  // node ids of the roots
  size_t expected = 0;     // nodes the engine is going to run
  std::vector<NodeRecord> records;
  std::vector<Summary> summaries;
  std::vector<std::string> names{""};  // node and function names, interned
  // The module calls that made the nodes, interned ([0] is none; past
  // 65,535 distinct calls in one backward, later nodes record none).
  std::vector<std::shared_ptr<const autograd::ModuleScope>> modules{nullptr};
  Outcome outcome = Outcome::Running;
  std::string error;
  double wall_ms = 0;      // the whole call, hooks included
  bool history_dropped = false;  // records and summaries let go (see Debugger::history_budget)

  size_t history_bytes() const;
  void drop_history();

  const std::string& name_of(const NodeRecord& r) const { return names[r.name_index]; }
  const std::string& function_of(const NodeRecord& r) const { return names[r.function_index]; }
  const autograd::ModuleScope* module_of(const NodeRecord& r) const { return modules[r.module_index].get(); }
  const Summary* incoming(const NodeRecord& r) const { return summaries.data() + r.in_first; }
  const Summary* produced(const NodeRecord& r) const { return summaries.data() + r.out_first; }
  uint16_t intern(const std::string& name);
};

struct PauseEvent {
  enum class Reason { Step, Breakpoint, NanInf, Failure };
  Reason reason = Reason::Step;
  const Breakpoint* breakpoint = nullptr;  // Breakpoint and NanInf
  BackwardRun* run = nullptr;
  size_t record = 0;                       // index into run->records
  c10::intrusive_ptr<torch::autograd::Node> node;
  std::vector<at::Tensor> grad_outputs;    // what flows into the node
  std::vector<at::Tensor> grad_inputs;     // what it produced (after it ran)
  bool after = false;                      // the node has run
  std::string error;                       // Failure: the error's message
};

struct Resume {
  // Next: in a backward as Step; in the forward, the next line of the same
  // function (or its caller's once it returns), as pdb's `next`.
  enum class Kind { Step, Continue, Finish, Abort, Next };
  Kind kind = Kind::Continue;
  int steps = 1;
};

// The forward is paused before a statement (a line breakpoint, a step,
// Ctrl-C, breakpoint()), or after an uncaught exception ended it.
struct ForwardPause {
  enum class Reason { Breakpoint, Step, Interrupt, ProgramBreakpoint, PostMortem, Watch };
  Reason reason = Reason::Step;
  const Breakpoint* breakpoint = nullptr;  // Breakpoint
  lang::Span where;                        // the statement about to run (PostMortem: where it was raised)
  std::string message;                     // PostMortem: the exception line; Watch: what happened;
                                           // in code a backward's node runs: which node ("in #2 FnBackward ...")
};

// Implemented by the repl; every call comes on the interpreter thread.
class DebugUI {
 public:
  virtual ~DebugUI() = default;
  // A backward is paused: run the nested prompt until the user resumes.
  virtual Resume on_pause(PauseEvent& event) = 0;
  // breakpoint() in the program: a prompt with the program's variables live.
  virtual void on_program_breakpoint(const lang::Span& where) = 0;
  // The forward is paused (see ForwardPause): the prompt runs until the
  // user resumes. Default: breakpoint() goes to on_program_breakpoint,
  // anything else goes on.
  virtual Resume on_forward_pause(ForwardPause& pause);
  // A logging line, when logging goes to the terminal.
  virtual void log(const std::string& line) = 0;
};

class Debugger : public api::BackwardRunner, public rt::ExecutionObserver {
 public:
  explicit Debugger(rt::Interpreter& in);
  ~Debugger() override;
  Debugger(const Debugger&) = delete;
  Debugger& operator=(const Debugger&) = delete;

  rt::Interpreter& interpreter() { return in_; }
  // The UI that gets pauses; null detaches (backwards then never pause).
  // Attaching installs the forward's hooks (forward.h) in the interpreter.
  void attach(DebugUI* ui);
  DebugUI* ui() const { return ui_; }

  // The program `debug` runs, as given on the command line: a bare LINE
  // breakpoint means a line of it ("" in the shell: any file).
  void set_program(std::string path) { program_ = std::move(path); }
  const std::string& program() const { return program_; }
  // Line breakpoints, forward stepping, Ctrl-C pauses, post-mortem frames.
  ForwardTracer& forward() { return *forward_; }

  const Breakpoint& add_breakpoint(Breakpoint b);
  bool delete_breakpoint(int number);
  const std::vector<Breakpoint>& breakpoints() const { return breakpoints_; }
  // For :condition, :ignore, :enable, :disable, :tbreak (null: no such number).
  Breakpoint* find_breakpoint(int number) {
    for (auto& b : breakpoints_)
      if (b.number == number) return &b;
    return nullptr;
  }
  // :step typed before a backward: pause at the first node of the next one.
  void step_into_next_backward() { step_next_backward_ = true; }
  // Who answers breakpoint() while no UI is attached (`backstep run`): it
  // may attach one (a terminal) or let the program go on. Note
  // [breakpoint() under run].
  using BreakpointFallback = std::function<void(const lang::Span& where)>;
  void set_breakpoint_fallback(BreakpointFallback f) { breakpoint_fallback_ = std::move(f); }

  // Logging pre-hooks ("Executing: MulBackward0 #4 prog.py:12 with ...").
  void log_to_ui(bool on) { log_to_ui_ = on; }
  // A log file appears whole under its name when logging to it ends
  // (stop_logging, close_log_file, another log_to_file, the session's end).
  bool log_to_file(const std::string& path, std::string* error);
  void log_to_stream(std::FILE* stream) { log_stream_ = stream; }
  // Both return "" or why the log file could not be written (a full disk).
  std::string stop_logging();
  std::string close_log_file();
  void flush_log();
  bool logging() const { return log_to_ui_ || log_thread_ || log_stream_; }

  // Every backward of the session, oldest first; the last may be running.
  // The node histories of older runs are let go once the newer ones hold
  // history_budget() bytes (a training loop under the shell would otherwise
  // grow without bound); the last run always keeps its own, and with
  // keep_watching (traces) every run does.
  size_t history_budget() const { return history_budget_; }
  void set_history_budget(size_t bytes) { history_budget_ = bytes; }
  const std::vector<std::unique_ptr<BackwardRun>>& runs() const { return runs_; }
  BackwardRun* running() const;
  // Called when a watched backward starts, before any node runs (its graph
  // is whole then: pictures and graph files snapshot it here), and when it
  // has finished or failed (traces read its history then).
  using StartListener = std::function<void(BackwardRun&, const torch::autograd::edge_list& roots)>;
  void on_run_started(StartListener listener) { start_listeners_.push_back(std::move(listener)); }
  void on_run_finished(std::function<void(const BackwardRun&)> listener) { listeners_.push_back(std::move(listener)); }
  // Keep watching even with no UI and no logging (tracing needs it).
  void keep_watching(bool on) { keep_watching_ = on; }

  autograd::NodeIds& ids() { return api::node_ids(in_); }

  // api::BackwardRunner
  std::vector<at::Tensor> run(rt::Interpreter& in, const torch::autograd::edge_list& roots,
                              const std::vector<at::Tensor>& grads, bool keep_graph, bool create_graph,
                              bool accumulate_grad, const torch::autograd::edge_list& outputs) override;
  // rt::ExecutionObserver
  void on_breakpoint(rt::Interpreter& in, const lang::Span& where) override;

 private:
  friend class Session;
  friend class ForwardTracer;
  bool watching() const { return ui_ || logging() || keep_watching_; }
  // The watched backward whose node is running script code on the
  // interpreter thread now (a custom Function's backward, a script hook),
  // null when none is or the innermost backward is at its own prompt
  // (Note [Stepping through a custom Function's backward], forward.cpp).
  Session* serving_session() const;
  void let_go_of_old_histories();
  // A module breakpoint set before the program made any module is checked
  // at the first backward after some exist: one naming none is reported.
  void check_module_breakpoints();
  // To a file, the hooks hand their lines' contents to the log thread; to
  // a stream, they append each line to log_buffer_ themselves, then call
  // log_line_added(), which writes the buffer out in chunks.
  LogThread* log_thread() const { return log_thread_.get(); }
  bool logs_to_stream() const { return log_stream_ != nullptr; }
  void log_line_added() {
    if (log_buffer_.size() >= (1 << 16)) flush_log();
  }
  bool logs_to_ui() const { return log_to_ui_ && ui_; }
  void show_log_line(const std::string& line);

  rt::Interpreter& in_;
  DebugUI* ui_ = nullptr;
  std::string program_;
  std::unique_ptr<ForwardTracer> forward_;
  std::vector<Breakpoint> breakpoints_;
  int next_breakpoint_ = 1;
  bool step_next_backward_ = false;
  Session* active_session_ = nullptr;  // the innermost backward run() is running (interpreter thread)
  BreakpointFallback breakpoint_fallback_;
  bool log_to_ui_ = false;
  bool keep_watching_ = false;
  std::unique_ptr<LogThread> log_thread_;  // while logging to a file
  std::FILE* log_stream_ = nullptr;
  std::string log_buffer_;  // lines for the stream, written in chunks
  std::vector<std::unique_ptr<BackwardRun>> runs_;
  size_t history_budget_ = size_t(256) << 20;
  size_t counted_runs_ = 0;        // runs_[0, counted_runs_) are in kept_history_bytes_
  size_t oldest_kept_run_ = 0;     // runs before it have let go of their history
  size_t kept_history_bytes_ = 0;
  std::unique_ptr<EngineWorkers> workers_;  // made on the first backward with a UI
  std::vector<std::function<void(const BackwardRun&)>> listeners_;
  std::vector<StartListener> start_listeners_;
};

// The session's debugger, created on first use and installed as the
// interpreter's backward runner and execution observer.
Debugger& debugger(rt::Interpreter& in);

}  // namespace backstep::debug
