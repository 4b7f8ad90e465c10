#include "engine/debug/step_stats.h"

#include "engine/api/training_steps.h"
#include "engine/autograd/graph_model.h"
#include "engine/autograd/leaf_variables.h"
#include "engine/runtime/dict_object.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include <cmath>
#include <cstring>

namespace backstep::debug {

namespace {

bool plain_float(const at::Tensor& t) {
  return t.device().is_cpu() && t.scalar_type() == at::kFloat && t.is_contiguous() && t.layout() == at::kStrided;
}

// |w| of `now`, |now - before|, and `before` := `now`, in one pass for the
// common case (a contiguous float32 CPU parameter); ATen otherwise.
void measure_update(const at::Tensor& now, at::Tensor& before, double& weight_norm, double& update_norm) {
  if (plain_float(now) && plain_float(before) && now.numel() == before.numel()) {
    const float* w = now.data_ptr<float>();
    float* b = before.data_ptr<float>();
    // Eight independent lanes as SSE2 vectors (Note [Lanes as vectors] in
    // summary.cpp: written as arrays, GCC made scalar code of it); one
    // running sum would be a chain of dependent adds.
    using F4 = float __attribute__((vector_size(16)));
    using D2 = double __attribute__((vector_size(16)));
    using D4 = double __attribute__((vector_size(32)));  // only converted into, then split (cvtps2pd)
    constexpr int kLanes = 8;
    D2 ww[kLanes / 2] = {}, dd[kLanes / 2] = {};
    int64_t n = now.numel(), i = 0;
    for (; i + kLanes <= n; i += kLanes)
      for (int k = 0; k < kLanes / 4; ++k) {
        F4 wf, bf;
        std::memcpy(&wf, w + i + 4 * k, sizeof wf);
        std::memcpy(&bf, b + i + 4 * k, sizeof bf);
        D4 wd = __builtin_convertvector(wf, D4), bd = __builtin_convertvector(bf, D4);
        D2 old[2] = {{bd[0], bd[1]}, {bd[2], bd[3]}};
        D2 d[2] = {D2{wd[0], wd[1]} - old[0], D2{wd[2], wd[3]} - old[1]};
        for (int h = 0; h < 2; ++h) {
          ww[2 * k + h] += old[h] * old[h];
          dd[2 * k + h] += d[h] * d[h];
        }
      }
    double ww0 = ww[0][0], dd0 = dd[0][0];
    for (; i < n; ++i) {  // the tail in lane 0
      double old = b[i], d = double(w[i]) - old;
      ww0 += old * old;
      dd0 += d * d;
    }
    double w2 = 0, d2 = 0;
    for (int l = 0; l < kLanes; ++l) {
      w2 += l ? ww[l / 2][l % 2] : ww0;
      d2 += l ? dd[l / 2][l % 2] : dd0;
    }
    std::memcpy(b, w, sizeof(float) * size_t(n));
    weight_norm = std::sqrt(w2);
    update_norm = std::sqrt(d2);
    return;
  }
  weight_norm = before.norm().item<double>();
  update_norm = (now.detach() - before).norm().item<double>();
  before.copy_(now);
}

}  // namespace

namespace {

const rt::ListObject* exact_list(const rt::Value& v) {
  const auto* l = v.as<rt::ListObject>();
  return l && &l->type() == rt::types().list ? l : nullptr;
}

const rt::DictObject* exact_dict(const rt::Value& v) {
  const auto* d = v.as<rt::DictObject>();
  return d && &d->type() == rt::types().dict ? d : nullptr;
}

// The name a parameter is listed under: its module path, or its place.
std::string parameter_name(const at::Tensor& t, size_t group, size_t index) {
  std::string name = autograd::parameter_path_of(t);
  return name.empty() ? fmt::format("param_groups[{}][{}]", group, index) : name;
}

// param_groups as torch.optim makes it (a list of dicts whose "params" are
// lists), read straight from the containers: no script code can run
// there, so the walk through the iteration protocol (most of what listing
// the parameters cost at every step of a summary trace) gives the same
// list. False (and nothing added) for anything else.
bool plain_parameters(const rt::Value& groups, std::vector<std::pair<std::string, rt::Value>>& out) {
  const rt::ListObject* list = exact_list(groups);
  if (!list) return false;
  for (const rt::Value& group : list->items) {
    const rt::DictObject* dict = exact_dict(group);
    const rt::Value* params = dict ? dict->find_str("params") : nullptr;
    if (!params || !exact_list(*params)) return false;
  }
  for (size_t g = 0; g < list->items.size(); ++g) {
    const auto& params = exact_list(*exact_dict(list->items[g])->find_str("params"))->items;
    for (size_t i = 0; i < params.size(); ++i)
      if (params[i].is_tensor()) out.emplace_back(parameter_name(params[i].as_tensor(), g, i), params[i]);
  }
  return true;
}

}  // namespace

std::vector<std::pair<std::string, rt::Value>> optimizer_parameters(rt::Interpreter& in, const rt::Value& optimizer) {
  std::vector<std::pair<std::string, rt::Value>> out;
  auto groups = rt::try_get_attr(in, optimizer, "param_groups");
  if (!groups || plain_parameters(*groups, out)) return out;
  size_t g = 0;
  rt::for_each(in, *groups, [&](const rt::Value& group) {
    size_t i = 0;
    rt::for_each(in, rt::get_item(in, group, rt::make_str("params")), [&](const rt::Value& p) {
      if (p.is_tensor()) out.emplace_back(parameter_name(p.as_tensor(), g, i), p);
      ++i;
      return true;
    });
    ++g;
    return true;
  });
  return out;
}

void StepTracker::enable(rt::Interpreter& in) {
  if (enabled_) return;
  enabled_ = true;
  api::training_steps(in).on_step(
      [this](rt::Interpreter& i, const rt::Value& optimizer, uint64_t step) { stepped(i, optimizer, step); });
  api::TrainingSteps* steps = &api::training_steps(in);
  steps->on_backward([this, steps](const std::vector<at::Tensor>& roots) {
    if (steps->steps() == 0) before_first_step(roots);
  });
}

ParamStats StepTracker::stats_of(const std::string& name, const at::Tensor& p) {
  ParamStats s;
  s.name = name;
  s.param = p;
  at::NoGradGuard no_grad;
  const at::Tensor& grad = p.grad();
  if (grad.defined()) s.grad = summarize(grad);
  const at::Tensor& now = p;  // read only, under no_grad: no detached alias to make
  auto it = previous_.find(p.unsafeGetTensorImpl());
  // A copy of another shape belonged to a tensor that died (its address reused).
  if (it != previous_.end() && (it->second.sizes() != now.sizes() || it->second.dtype() != now.dtype())) {
    previous_.erase(it);
    it = previous_.end();
  }
  if (it == previous_.end()) {
    s.weight_norm = now.norm().item<double>();
    previous_.emplace(p.unsafeGetTensorImpl(), now.detach().clone(at::MemoryFormat::Contiguous));
    return s;
  }
  double update = 0;
  measure_update(now, it->second, s.weight_norm, update);
  s.update_norm = update;
  return s;
}

// The weights as they stand before the first step (a backward leaves
// them unchanged): the last backward before it wins.
void StepTracker::before_first_step(const std::vector<at::Tensor>& roots) {
  at::NoGradGuard no_grad;
  for (const at::Tensor& leaf : autograd::leaf_variables(roots)) {
    at::Tensor& kept = previous_[leaf.unsafeGetTensorImpl()];
    if (kept.defined() && kept.sizes() == leaf.sizes() && kept.dtype() == leaf.dtype()) kept.copy_(leaf);
    else kept = leaf.detach().clone(at::MemoryFormat::Contiguous);
  }
}

void StepTracker::stepped(rt::Interpreter& in, const rt::Value& optimizer, uint64_t step) {
  const api::TrainingSteps& steps = api::training_steps(in);
  StepReport r;
  r.step = step;
  r.loss = steps.last_loss();
  r.backwards = steps.backwards_since_step();
  for (const auto& [name, p] : optimizer_parameters(in, optimizer)) {
    r.params.push_back(stats_of(name, p.as_tensor()));
    r.nan += r.params.back().grad.nan;
    r.inf += r.params.back().grad.inf;
  }
  last_ = std::move(r);
  for (const auto& l : listeners_) l(*last_);
}

StepTracker& step_tracker(rt::Interpreter& in) { return in.state<StepTracker>(); }

}  // namespace backstep::debug
