// Internal to the debugger: one watched backward (see session.cpp).
#pragma once

#include "engine/autograd/origin.h"
#include "engine/debug/debugger.h"
#include "engine/debug/hook_memory.h"
#include "engine/debug/log_line.h"
#include "engine/debug/log_thread.h"

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>

// CallRecord comes from origin.h (a using-declaration of lang::CallRecord):
// declaring it here again is an error for clang.
namespace backstep::autograd {
class NodeMetadata;
}

namespace backstep::debug {

// Thrown from a hook to stop a backward (:abort); the call site sees
// RuntimeError("backward aborted").
struct BackwardAborted : std::exception {
  const char* what() const noexcept override { return "backward aborted"; }
};

class Session {
 public:
  // Hooks the roots; walk() hooks the rest of the graph. `produced`: also
  // record what each node produced (post-hooks).
  Session(Debugger& d, BackwardRun& run, const torch::autograd::edge_list& roots, bool produced);
  // Waits for the walk (it may be running on another thread).
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Walks the graph from the roots and hooks every node it reaches; with
  // a limit, stops after expanding that many nodes and returns false (a
  // later call goes on). Called on one thread at a time; the engine may run
  // meanwhile when may_walk_alongside() (its hooks wait for the walk).
  bool walk(size_t limit = SIZE_MAX);
  bool may_walk_alongside() const;
  // Before walking on another thread while this one runs the engine: puts
  // a hook first on each root that waits for the walk.
  void gate_roots(const torch::autograd::edge_list& roots);
  void wait_for_walk();

  void remove_hooks();
  void start_stepping(int steps);
  // Hands the log lines not yet handed over to the log thread.
  void post_log_batch();

  // From the hooks, on the thread running the engine.
  torch::autograd::variable_list before(NodeWatch& watch, const torch::autograd::variable_list& grads);
  torch::autograd::variable_list after(const torch::autograd::variable_list& grad_inputs,
                                       const torch::autograd::variable_list& grad_outputs);

  // After the engine failed, on the interpreter thread: stop at the node
  // that failed (when a UI is attached).
  void post_mortem(const std::string& error);
  void mark_failed();

  // On the interpreter thread, while a node of this backward runs script
  // code there and the engine waits for it (Note [Stepping through a
  // custom Function's backward], forward.cpp):
  bool serving_script() const { return !prompting_; }
  // The node whose script code runs (SIZE_MAX when unknown: device threads).
  size_t serving_record() const { return multi_device_ ? SIZE_MAX : current_; }
  const BackwardRun& run() const { return run_; }
  // The frame that called the backward: frames above it are the backward's.
  const rt::Frame* caller_frame() const { return caller_frame_; }
  // A step, next or finish typed in that code pauses at the next node
  // once it returns to the engine; a continue runs to the next breakpoint.
  // Not with device threads: another node may be reading the count there.
  void step_after_script(bool step) {
    if (!multi_device_) steps_left_ = step ? 1 : 0;
  }

 private:
  void visit(torch::autograd::Node* n, autograd::NodeIds::Batch& ids);
  NodeFacts facts_of(torch::autograd::Node& node, const autograd::NodeMetadata* md);
  void install_hooks(torch::autograd::Node& node, const NodeFacts& facts);
  void remove_hooks_of(NodeWatch& w);
  // `arriving_at`: the node receiving `grads`, whose handed-over summaries
  // are taken (Note [A gradient summarized once]); null for what a node made.
  void append_summaries(const torch::autograd::variable_list& grads, uint32_t& first, uint32_t& count,
                        torch::autograd::Node* arriving_at = nullptr);
  const Summary* take_handed_over(torch::autograd::Node& node, size_t input, const at::Tensor& g);
  void hand_over_produced(torch::autograd::Node& node, const torch::autograd::variable_list& grads, uint32_t first);
  void log(const NodeRecord& r);
  void maybe_pause_before(torch::autograd::Node& node, const torch::autograd::variable_list& grads);
  void maybe_pause_after(const torch::autograd::variable_list& grad_inputs,
                         const torch::autograd::variable_list& grad_outputs);
  bool condition_holds(const Breakpoint& bp, torch::autograd::Node& node,
                       const torch::autograd::variable_list& grad_outputs,
                       const torch::autograd::variable_list* grad_inputs);
  std::vector<rt::Interpreter::Binding> bindings(torch::autograd::Node& node,
                                                 const torch::autograd::variable_list& grad_outputs,
                                                 const torch::autograd::variable_list* grad_inputs);
  void pause(PauseEvent& e);
  void apply(const Resume& r);
  // The record of the node running now on this thread (Note [device threads]).
  size_t& current();

  Debugger& d_;
  BackwardRun& run_;
  autograd::NodeIds& ids_;
  const api::BackwardTask* task_;  // null: a backward not started by the script
  const uint64_t stamp_;  // marks the nodes this walk has seen
  std::unordered_set<torch::autograd::Node*> foreign_;  // seen nodes without backstep metadata (rare)
  size_t walk_next_ = 0;  // the first node in watched_ whose edges are not walked yet
  std::atomic<bool> walked_{false};
  HookArena hook_memory_;  // before watched_: outlives the hooks it holds
  // The graph (kept alive by the run's roots), in BFS order: each node's
  // pre-hook, valid while its bit in hooked_ is set (a hook dies when it
  // is taken off its node).
  std::vector<NodeWatch*> watched_;
  std::vector<bool> hooked_;
  size_t hooked_count_ = 0;  // bits set in hooked_
  std::vector<std::pair<torch::autograd::Node*, torch::autograd::FunctionPreHook*>> gates_;  // see gate_roots()
  NodeWatch* previous_ = nullptr;  // the hook of the node that ran last
  // No other session is live: this one may edit hook lists while its
  // engine runs (taking each node's hooks off once it ran, see before();
  // walking alongside the engine, see walk()).
  const bool alone_;
  size_t current_ = SIZE_MAX;  // the record of the node running now (one engine thread)
  // Note [device threads]: the hooks of one backward, the record of the
  // node each thread runs, and whether hooks arrive on more than one thread.
  //
  // What the hooks rely on: libtorch's CPU engine runs one node at a time
  // per thread, pre-hooks, apply, post-hooks, and a CPU-only graph runs on
  // one thread (the worker, or the interpreter thread without a UI). So
  // before() and after() touch run_, current_ and previous_ without locks,
  // after() finds its node's record in current_, and the node that ran
  // before this one is done with its hooks (previous_ is taken off).
  // A graph with nodes on a device (CUDA) breaks the second half: libtorch
  // runs those nodes on a device thread of its own (one per device) while
  // the calling thread runs the CPU nodes, so two nodes can run at once.
  // The walk sees that (a node whose gradients live on a device) and sets
  // multi_device_; then each hook body holds node_mutex_, each thread keeps
  // its own current record (current()), and no hook is taken off before
  // the backward ends. A pause holds node_mutex_ while the prompt runs, so
  // the other thread stops at its next hook: the whole backward stands
  // still between nodes, as on the CPU. A hook arriving on an unexpected
  // thread in a graph the walk judged CPU-only switches to the same mode.
  std::atomic<bool> multi_device_{false};
  std::mutex node_mutex_;
  std::thread::id engine_thread_;  // the thread of the first hook
  torch::autograd::variable_list current_grads_;
  std::chrono::steady_clock::time_point started_;
  // Node names by node type: name() builds a string (and demangles for
  // some types) on every call; once per type is enough.
  std::unordered_map<const std::type_info*, uint16_t> names_by_type_;
  std::unordered_map<const autograd::CallRecord*, uint16_t> functions_by_call_;  // into run_.names
  std::unordered_map<const autograd::ModuleScope*, uint16_t> modules_by_scope_;   // into run_.modules
  const autograd::ModuleScope* last_scope_ = nullptr;  // the last one looked up, and its index
  uint16_t last_module_index_ = 0;
  LogLineWriter log_writer_;
  std::string log_step_text_;  // " step 3 loss 0.5213" in a training loop
  LogBatch log_batch_;  // nodes whose lines the log thread has not been given yet
  std::string log_line_;  // reused for every node's log line shown in the UI
  int steps_left_ = 0;
  bool prompting_ = false;  // this backward's own prompt is open (interpreter thread)
  const rt::Frame* caller_frame_ = nullptr;
  bool finish_ = false;
  bool abort_ = false;
  // Records outlive their node (UI or trace): post-hooks record what each
  // node produced, and summaries carry statistics.
  const bool keep_history_;
  // Summaries of big gradients a node just produced, by the (node, input)
  // each goes to: the next node's pre-hook takes them instead of scanning
  // the same tensor again (Note [A gradient summarized once]).
  struct Produced {
    const torch::autograd::Node* to = nullptr;
    uint32_t input = 0;
    const c10::TensorImpl* impl = nullptr;
    const void* data = nullptr;
    uint32_t version = 0;
    Summary summary;
  };
  std::array<Produced, 8> produced_{};
  uint8_t produced_next_ = 0;
};

// Marks the calling thread as running `session`'s engine call.
class ExecutionScope {
 public:
  explicit ExecutionScope(Session* s);
  ~ExecutionScope();

 private:
  Session* saved_;
};

}  // namespace backstep::debug
