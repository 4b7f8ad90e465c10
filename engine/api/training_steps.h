// Training steps: how many times the program's optimizers have stepped,
// and the loss of the latest backward. Every backward's trace record,
// graph file entry and pause names its step, so a gradient that goes bad
// on step 300 of a loop is found by its step, not by its backward's number.
//
// torch.optim's Optimizer.step (engine/pylib/torch/optim/optimizer.py)
// calls `_backstep_steps.optimizer_stepped(self)` after each step; readers
// that want more than the count (per-step summaries, :params) listen for
// those calls and read the optimizer's parameters themselves.
#pragma once

#include "engine/runtime/interpreter.h"

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace backstep::api {

class TrainingSteps {
 public:
  // optimizer.step() calls so far: the step a backward belongs to (0 for
  // the backwards before the first step).
  uint64_t steps() const { return steps_; }
  // Whether any optimizer has stepped in this session.
  bool any_optimizer() const { return steps_ > 0; }
  // Whether the program has made an optimizer (a training loop, from its
  // first backward on).
  bool in_training() const { return optimizers_made_ > 0 || steps_ > 0; }
  void optimizer_created() { ++optimizers_made_; }
  // The optimizer that stepped last (None before the first step).
  const rt::Value& last_optimizer() const { return last_optimizer_; }

  // Called as every backward starts, with its root tensors: the loss is the
  // root's value when there is one root of one element.
  void backward_started(const std::vector<at::Tensor>& roots);
  std::optional<double> last_loss() const { return last_loss_; }
  // Backwards since the last optimizer step (the ones the next step uses).
  uint64_t backwards_since_step() const { return backwards_since_step_; }

  // Listeners run on the interpreter thread inside optimizer.step(), after
  // the count has gone up; `optimizer` is the optimizer that stepped and
  // `step` the step its backwards belonged to (the count before this call).
  using Listener = std::function<void(rt::Interpreter&, const rt::Value& optimizer, uint64_t step)>;
  void on_step(Listener l) { listeners_.push_back(std::move(l)); }
  // Listeners for every backward's start, given its root tensors.
  using BackwardListener = std::function<void(const std::vector<at::Tensor>& roots)>;
  void on_backward(BackwardListener l) { backward_listeners_.push_back(std::move(l)); }
  void optimizer_stepped(rt::Interpreter& in, const rt::Value& optimizer);

 private:
  uint64_t steps_ = 0;
  uint64_t backwards_since_step_ = 0;
  uint64_t optimizers_made_ = 0;
  std::optional<double> last_loss_;
  rt::Value last_optimizer_;
  std::vector<Listener> listeners_;
  std::vector<BackwardListener> backward_listeners_;
};

TrainingSteps& training_steps(rt::Interpreter& in);

}  // namespace backstep::api
