// Per-step statistics of a training loop: after each optimizer.step(), the
// loss, every parameter's gradient (norm over finite values, NaN and Inf
// counts) and the update the step applied (|Δw| against |w|), by parameter
// name. Summary traces write one record per step from these; `:params`
// shows the last one.
//
// Computed only once something asks (enable()): a loop that nobody watches
// pays nothing beyond counting its steps. The update needs each
// parameter's value before the step, so a copy of every parameter is kept
// from one step to the next (the memory of the model once more); before
// the first step, each backward copies the leaves it reaches, so the first
// step's update is known too.
#pragma once

#include "engine/debug/summary.h"
#include "engine/runtime/interpreter.h"

#include <ATen/core/Tensor.h>

#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace backstep::debug {

struct ParamStats {
  std::string name;     // module path ("fc1.weight") or "param_groups[G][I]"
  at::Tensor param;
  Summary grad;         // not defined when the parameter has no .grad
  double weight_norm = 0;              // |w| before the step
  std::optional<double> update_norm;   // |Δw|: after the step minus before
  std::optional<double> update_ratio() const {
    if (!update_norm || weight_norm == 0) return std::nullopt;
    return *update_norm / weight_norm;
  }
};

struct StepReport {
  uint64_t step = 0;            // the step the backwards belonged to (0 for the first)
  std::optional<double> loss;   // the last backward's
  uint64_t backwards = 0;       // backwards since the previous step
  std::vector<ParamStats> params;
  uint64_t nan = 0, inf = 0;    // over every parameter's gradient
};

class StepTracker {
 public:
  // Starts making reports at each optimizer step (once per session).
  void enable(rt::Interpreter& in);
  bool enabled() const { return enabled_; }
  void on_report(std::function<void(const StepReport&)> listener) { listeners_.push_back(std::move(listener)); }
  const std::optional<StepReport>& last() const { return last_; }

 private:
  void stepped(rt::Interpreter& in, const rt::Value& optimizer, uint64_t step);
  void before_first_step(const std::vector<at::Tensor>& roots);
  ParamStats stats_of(const std::string& name, const at::Tensor& p);

  bool enabled_ = false;
  std::optional<StepReport> last_;
  std::unordered_map<const c10::TensorImpl*, at::Tensor> previous_;  // each parameter after its last step
  std::vector<std::function<void(const StepReport&)>> listeners_;
};

StepTracker& step_tracker(rt::Interpreter& in);

// The optimizer's parameters in param_groups order, with their names.
std::vector<std::pair<std::string, rt::Value>> optimizer_parameters(rt::Interpreter& in, const rt::Value& optimizer);

}  // namespace backstep::debug
