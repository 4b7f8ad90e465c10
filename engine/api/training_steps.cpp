// `_backstep_steps`: the native module torch.optim reports its steps to
// (see training_steps.h). Internal: programs import torch.optim, never this.
#include "engine/api/training_steps.h"

#include "engine/runtime/arg_binder.h"
#include "engine/runtime/function.h"
#include "engine/runtime/module.h"

#include <ATen/ATen.h>

namespace backstep::api {

namespace {

// A one-element real tensor's value; nothing for anything else (a vector
// loss with explicit gradients, complex values, several roots).
std::optional<double> loss_of(const std::vector<at::Tensor>& roots) {
  if (roots.size() != 1) return std::nullopt;
  const at::Tensor& t = roots.front();
  if (!t.defined() || t.numel() != 1 || t.is_complex() || t.is_meta() || t.layout() != at::kStrided) return std::nullopt;
  try {
    return t.item<double>();
  } catch (const std::exception&) {
    return std::nullopt;  // a tensor type item() refuses: no loss to report
  }
}

rt::Value make_steps_module(rt::Interpreter&) {
  auto m = rt::make_module("_backstep_steps");
  m->def("optimizer_stepped", [](rt::Interpreter& in, rt::Args& a) {
    auto b = rt::bind_args(a, "optimizer_stepped", {"optimizer"}, 1);
    training_steps(in).optimizer_stepped(in, *b[0]);
    return rt::Value();
  });
  m->def("optimizer_created", [](rt::Interpreter& in, rt::Args& a) {
    rt::bind_args(a, "optimizer_created", {});
    training_steps(in).optimizer_created();
    return rt::Value();
  });
  m->def("steps", [](rt::Interpreter& in, rt::Args& a) {
    rt::bind_args(a, "steps", {});
    return rt::Value(static_cast<int64_t>(training_steps(in).steps()));
  });
  return rt::Value(m);
}

}  // namespace

void TrainingSteps::backward_started(const std::vector<at::Tensor>& roots) {
  ++backwards_since_step_;
  last_loss_ = loss_of(roots);
  for (const auto& l : backward_listeners_) l(roots);
}

void TrainingSteps::optimizer_stepped(rt::Interpreter& in, const rt::Value& optimizer) {
  uint64_t step = steps_++;
  last_optimizer_ = optimizer;
  for (const auto& l : listeners_) l(in, optimizer, step);
  backwards_since_step_ = 0;
}

TrainingSteps& training_steps(rt::Interpreter& in) { return in.state<TrainingSteps>(); }

void install_steps_module(rt::Interpreter& in) { in.register_module("_backstep_steps", make_steps_module); }

}  // namespace backstep::api
