// Internal to the debugger: one watched backward (see session.cpp).
#pragma once

#include "engine/debug/debugger.h"

#include <chrono>
#include <exception>
#include <typeinfo>
#include <unordered_map>

namespace backstep::autograd {
class NodeMetadata;
struct CallRecord;
}

namespace backstep::debug {

// Thrown from a hook to stop a backward (:abort); the call site sees
// RuntimeError("backward aborted").
struct BackwardAborted : std::exception {
  const char* what() const noexcept override { return "backward aborted"; }
};

class Session {
 public:
  // Walks the graph from `roots` and hooks every node; `produced`: also
  // record what each node produced (post-hooks).
  Session(Debugger& d, BackwardRun& run, const torch::autograd::edge_list& roots, bool produced);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void remove_hooks();
  void start_stepping(int steps);

  // From the hooks, on the thread running the engine.
  torch::autograd::variable_list before(torch::autograd::Node& node, size_t index,
                                        const torch::autograd::variable_list& grads);
  torch::autograd::variable_list after(const torch::autograd::variable_list& grad_inputs,
                                       const torch::autograd::variable_list& grad_outputs);

  // After the engine failed, on the interpreter thread: stop at the node
  // that failed (when a UI is attached).
  void post_mortem(const std::string& error);
  void mark_failed();

 private:
  // A node of the graph and the hooks this session put on it.
  struct Watched {
    torch::autograd::Node* node;
    autograd::NodeMetadata* metadata;                 // null for a node made by another engine
    torch::autograd::FunctionPreHook* pre = nullptr;  // null once removed
    uintptr_t post = 0;                               // 0: none, or removed
  };
  void install_hooks(size_t index, bool produced);
  void remove_hooks_of(Watched& w);
  void append_summaries(const torch::autograd::variable_list& grads, uint32_t& first, uint32_t& count);
  void append_log_line(std::string& line, const NodeRecord& r);
  void maybe_pause_before(torch::autograd::Node& node, const autograd::NodeMetadata* md,
                          const torch::autograd::variable_list& grads);
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

  Debugger& d_;
  BackwardRun& run_;
  std::vector<Watched> watched_;  // the graph (kept alive by the run's roots), BFS order
  size_t previous_ = SIZE_MAX;     // watched_ index of the node that ran last
  bool eager_removal_;             // take hooks off each node once it ran (see before())
  size_t current_ = SIZE_MAX;  // the record of the node running now
  torch::autograd::variable_list current_grads_;
  std::chrono::steady_clock::time_point started_;
  // Node names by node type: name() builds a string (and demangles for
  // some types) on every call; once per type is enough.
  std::unordered_map<const std::type_info*, uint16_t> names_by_type_;
  std::unordered_map<const autograd::CallRecord*, uint16_t> functions_by_call_;  // into run_.names
  std::unordered_map<uint32_t, std::string> file_names_;  // SourceRegistry index -> name, for log lines
  std::string log_line_;  // reused for every node's log line
  int steps_left_ = 0;
  bool finish_ = false;
  bool abort_ = false;
  bool keep_history_ = true;  // records outlive their node (UI or trace); also: compute statistics
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
