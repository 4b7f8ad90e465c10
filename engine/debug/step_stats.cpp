#include "engine/debug/step_stats.h"

#include "engine/api/training_steps.h"
#include "engine/autograd/graph_model.h"
#include "engine/autograd/leaf_variables.h"
#include "engine/runtime/dict_object.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include <immintrin.h>

#include <cmath>
#include <cstring>

namespace backstep::debug {

namespace {

bool plain_float(const at::Tensor& t) {
  return t.device().is_cpu() && t.scalar_type() == at::kFloat && t.is_contiguous() && t.layout() == at::kStrided;
}

// Sums of squares of `before` and of `now - before` over sixteen lanes
// (lane l: elements l, l+16, ...; the tail in lane 0; lanes added 0 to 15),
// then `before` := `now`. The same numbers in the same order whichever
// version the CPU runs, none fusing a multiply and an add (Note [Lanes as
// vectors] in summary.cpp): a summary trace reads the same everywhere.
constexpr int kUpdateLanes = 16;

#if defined(__clang__)
#pragma clang fp contract(off)
#else
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif

void finish_update(const float* w, float* b, int64_t i, int64_t n, double (&ww)[kUpdateLanes],
                   double (&dd)[kUpdateLanes], double& w2, double& d2) {
  for (; i < n; ++i) {  // the tail in lane 0
    double old = b[i], d = double(w[i]) - old;
    ww[0] += old * old;
    dd[0] += d * d;
  }
  w2 = d2 = 0;
  for (int l = 0; l < kUpdateLanes; ++l) {
    w2 += ww[l];
    d2 += dd[l];
  }
}

[[gnu::target("avx512f")]] void update_sums_avx512(const float* w, float* b, int64_t n, double& w2, double& d2) {
  __m512d ww[2] = {_mm512_setzero_pd(), _mm512_setzero_pd()}, dd[2] = {ww[0], ww[1]};
  int64_t i = 0;
  for (; i + kUpdateLanes <= n; i += kUpdateLanes)
    for (int h = 0; h < 2; ++h) {
      __m512d old = _mm512_cvtps_pd(_mm256_loadu_ps(b + i + 8 * h));
      __m512d d = _mm512_sub_pd(_mm512_cvtps_pd(_mm256_loadu_ps(w + i + 8 * h)), old);
      ww[h] = _mm512_add_pd(ww[h], _mm512_mul_pd(old, old));
      dd[h] = _mm512_add_pd(dd[h], _mm512_mul_pd(d, d));
    }
  alignas(64) double wl[kUpdateLanes], dl[kUpdateLanes];
  for (int h = 0; h < 2; ++h) {
    _mm512_store_pd(wl + 8 * h, ww[h]);
    _mm512_store_pd(dl + 8 * h, dd[h]);
  }
  finish_update(w, b, i, n, wl, dl, w2, d2);
}

[[gnu::target("avx2")]] void update_sums_avx2(const float* w, float* b, int64_t n, double& w2, double& d2) {
  __m256d ww[4], dd[4];
  for (int k = 0; k < 4; ++k) ww[k] = dd[k] = _mm256_setzero_pd();
  int64_t i = 0;
  for (; i + kUpdateLanes <= n; i += kUpdateLanes)
    for (int k = 0; k < 4; ++k) {
      __m256d old = _mm256_cvtps_pd(_mm_loadu_ps(b + i + 4 * k));
      __m256d d = _mm256_sub_pd(_mm256_cvtps_pd(_mm_loadu_ps(w + i + 4 * k)), old);
      ww[k] = _mm256_add_pd(ww[k], _mm256_mul_pd(old, old));
      dd[k] = _mm256_add_pd(dd[k], _mm256_mul_pd(d, d));
    }
  alignas(32) double wl[kUpdateLanes], dl[kUpdateLanes];
  for (int k = 0; k < 4; ++k) {
    _mm256_store_pd(wl + 4 * k, ww[k]);
    _mm256_store_pd(dl + 4 * k, dd[k]);
  }
  finish_update(w, b, i, n, wl, dl, w2, d2);
}

void update_sums_baseline(const float* w, float* b, int64_t n, double& w2, double& d2) {
  double wl[kUpdateLanes] = {}, dl[kUpdateLanes] = {};
  int64_t i = 0;
  for (; i + kUpdateLanes <= n; i += kUpdateLanes)
    for (int l = 0; l < kUpdateLanes; ++l) {
      double old = b[i + l], d = double(w[i + l]) - old;
      wl[l] += old * old;
      dl[l] += d * d;
    }
  finish_update(w, b, i, n, wl, dl, w2, d2);
}

#if defined(__clang__)
#pragma clang fp contract(on)
#else
#pragma GCC pop_options
#endif

// (__builtin_cpu_init: a static initializer, see summary.cpp.)
const auto g_update_sums = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") ? update_sums_avx512
         : __builtin_cpu_supports("avx2")  ? update_sums_avx2
                                           : update_sums_baseline;
}();

// |w| of `now`, |now - before|, and `before` := `now`, in one pass for the
// common case (a contiguous float32 CPU parameter); ATen otherwise.
void measure_update(const at::Tensor& now, at::Tensor& before, double& weight_norm, double& update_norm) {
  if (plain_float(now) && plain_float(before) && now.numel() == before.numel()) {
    const float* w = now.data_ptr<float>();
    float* b = before.data_ptr<float>();
    int64_t n = now.numel();
    double w2 = 0, d2 = 0;
    g_update_sums(w, b, n, w2, d2);
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
