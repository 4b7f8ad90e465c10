// Interrupting a backward that is running (Ctrl-C, --timeout).
//
// Note [Interrupting a running backward]
// The interpreter answers an interrupt at its next check point (a statement,
// a call, a loop iteration), but a plain `loss.backward()` is one call into
// libtorch's engine that may run for seconds with no script code in it and,
// without a debugger, no hooks on its nodes. Hooking every node would mean
// walking the whole graph before each backward, and libtorch swallows
// exceptions thrown from RecordFunction callbacks, so neither is the way in.
//
// The engine already has a check between nodes: its loop ends as soon as the
// running graph task's future is completed, and a completed-with-error future
// is what a node that throws leaves behind (GraphTask::set_exception). So
// while a backward started inside an InterruptibleBackward scope runs, its
// graph task is registered here (by the engine's execute_with_graph_task
// override), and interrupt_backwards() asks a relay thread to fail the
// registered tasks with BackwardInterrupted: the node running finishes, the
// engine stops before the next one and Engine::execute rethrows. The relay is
// needed because completing a future takes a lock, which a signal handler
// must not; waking the relay (sem_post) is async-signal-safe.
//
// Cost: no work per node at all; per backward, one lock to register and one
// to unregister (bench/interrupt_bench.cpp measures it).
//
// Requests are counted so that one that came before a backward started (and
// that the interpreter answers at its own next check) never fails a later
// backward, and one that came after the scope opened but before the graph
// task was registered still fails it.
#pragma once

#include <cstdint>
#include <exception>

namespace torch::autograd {
struct GraphTask;
}

namespace backstep::autograd {

// What Engine::execute throws for an interrupted backward.
struct BackwardInterrupted : std::exception {
  const char* what() const noexcept override { return "backward interrupted"; }
};

// Backwards started on this thread while the scope lives can be interrupted.
// Open it, then look at the interpreter's own interrupt flag once (a request
// that came before the scope opened is the interpreter's to answer).
class InterruptibleBackward {
 public:
  InterruptibleBackward();
  ~InterruptibleBackward();
  InterruptibleBackward(const InterruptibleBackward&) = delete;
  InterruptibleBackward& operator=(const InterruptibleBackward&) = delete;

  uint64_t requests_at_start() const { return requests_at_start_; }

 private:
  uint64_t requests_at_start_;
  const InterruptibleBackward* outer_;
};

// Fails every interruptible backward that is running. Async-signal-safe: it
// only bumps a counter and posts a semaphore.
void interrupt_backwards();

// For bench/ only: turns the registration off, to measure what it costs.
void set_backward_interrupts_enabled(bool enabled);
// For tests: how many requests the relay has acted on so far.
uint64_t interrupt_requests_relayed();

// For the engine's execute_with_graph_task (backstep_engine.cpp): registers
// the graph task for the call when the thread is in an InterruptibleBackward
// scope, and throws BackwardInterrupted at once when a request came since
// the scope opened.
class RegisteredGraphTask {
 public:
  explicit RegisteredGraphTask(torch::autograd::GraphTask& task);
  ~RegisteredGraphTask();
  RegisteredGraphTask(const RegisteredGraphTask&) = delete;
  RegisteredGraphTask& operator=(const RegisteredGraphTask&) = delete;

 private:
  torch::autograd::GraphTask* task_ = nullptr;
};

}  // namespace backstep::autograd
