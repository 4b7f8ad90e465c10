#include "engine/debug/summary.h"

#include "engine/format/tensor_repr.h"

#include <ATen/ATen.h>

#include <charconv>
#include <cmath>
#include <limits>

namespace backstep::debug {

namespace {

// Fills norm, min and max from one pass's sum of squares and extremes;
// false when one of them is not finite (a NaN or Inf was among the values,
// and the exact scan below counts them).
template <class T>
bool finish_finite(double sum_of_squares, T lo, T hi, Summary& s) {
  if (!std::isfinite(sum_of_squares) || !std::isfinite(static_cast<double>(lo)) ||
      !std::isfinite(static_cast<double>(hi)))
    return false;
  s.nan = 0;
  s.inf = 0;
  s.norm = static_cast<float>(std::sqrt(sum_of_squares));
  s.min = static_cast<float>(lo);
  s.max = static_cast<float>(hi);
  return true;
}

// The common case first: every value finite. One pass without branches,
// in independent lanes the compiler turns into vector code (gradients of
// 64x64 layers made the branchy exact scan a tenth of a traced backward).
// A NaN or Inf anywhere makes the sum of squares non-finite, and then the
// exact scan below counts them.
// One value into a lane's sum of squares and extremes (no branches).
template <class T>
inline void fold(T v, double& sq, T& lo, T& hi) {
  sq += static_cast<double>(v) * static_cast<double>(v);
  lo = v < lo ? v : lo;
  hi = v > hi ? v : hi;
}

template <class T>
bool scan_all_finite(const T* data, int64_t n, Summary& s) {
  constexpr int kLanes = 8;
  if (n < kLanes) {  // most gradients of a long chain of small ops: lanes cost more than they save
    double sq = 0;
    T lo = data[0], hi = data[0];
    for (int64_t i = 0; i < n; ++i) fold(data[i], sq, lo, hi);
    return finish_finite(sq, lo, hi, s);
  }
  double sq[kLanes] = {};
  T lo[kLanes], hi[kLanes];
  for (int l = 0; l < kLanes; ++l) lo[l] = hi[l] = data[0];
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes)
    for (int l = 0; l < kLanes; ++l) fold(data[i + l], sq[l], lo[l], hi[l]);
  for (; i < n; ++i) fold(data[i], sq[0], lo[0], hi[0]);
  double total = 0;
  for (int l = 0; l < kLanes; ++l) {
    total += sq[l];
    lo[0] = lo[l] < lo[0] ? lo[l] : lo[0];
    hi[0] = hi[l] > hi[0] ? hi[l] : hi[0];
  }
  return finish_finite(total, lo[0], hi[0], s);
}

template <class T>
void scan(const T* data, int64_t n, Summary& s) {
  if (scan_all_finite(data, n, s)) return;
  double sq = 0;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  uint32_t nan = 0, inf = 0;
  for (int64_t i = 0; i < n; ++i) {
    double v = static_cast<double>(data[i]);
    if (std::isnan(v)) {
      ++nan;
    } else if (std::isinf(v)) {
      ++inf;
    } else {
      sq += v * v;
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
    }
  }
  s.nan = nan;
  s.inf = inf;
  s.norm = static_cast<float>(std::sqrt(sq));
  s.min = lo <= hi ? static_cast<float>(lo) : 0.f;
  s.max = lo <= hi ? static_cast<float>(hi) : 0.f;
}

void aten_stats(const at::Tensor& t, Summary& s) {
  at::NoGradGuard no_grad;
  at::Tensor d = t.detach();
  if (d.is_complex()) d = at::abs(d);
  if (!d.is_floating_point()) {
    at::Tensor f = d.to(at::kDouble);
    s.norm = static_cast<float>(f.norm().item<double>());
    s.min = static_cast<float>(f.min().item<double>());
    s.max = static_cast<float>(f.max().item<double>());
    return;
  }
  at::Tensor nan = at::isnan(d), inf = at::isinf(d);
  s.nan = static_cast<uint32_t>(nan.sum().item<int64_t>());
  s.inf = static_cast<uint32_t>(inf.sum().item<int64_t>());
  at::Tensor finite = d.masked_select(at::logical_not(at::logical_or(nan, inf))).to(at::kDouble);
  if (finite.numel() == 0) return;
  s.norm = static_cast<float>(finite.norm().item<double>());
  s.min = static_cast<float>(finite.min().item<double>());
  s.max = static_cast<float>(finite.max().item<double>());
}

}  // namespace

Summary describe(const at::Tensor& t) {
  Summary s;
  if (!t.defined()) return s;
  s.defined = true;
  const c10::TensorImpl* impl = t.unsafeGetTensorImpl();
  s.dtype = c10::typeMetaToScalarType(impl->dtype());
  auto sizes = impl->sizes();
  s.ndim = static_cast<uint8_t>(std::min<size_t>(sizes.size(), 255));
  s.complete_shape = sizes.size() <= Summary::kInlineDims;
  for (size_t i = 0; i < sizes.size() && i < Summary::kInlineDims; ++i) s.shape[i] = static_cast<int32_t>(sizes[i]);
  return s;
}

Summary summarize(const at::Tensor& t) {
  Summary s = describe(t);
  if (!s.defined || t.numel() == 0) return s;
  s.stats = true;
  // Straight from the TensorImpl: the checked accessors cost more than
  // scanning a small gradient.
  const c10::TensorImpl* impl = t.unsafeGetTensorImpl();
  if (impl->device_type() == c10::DeviceType::CPU && impl->layout() == c10::kStrided && impl->is_contiguous() &&
      !impl->is_neg() && !impl->is_conj() && impl->has_storage()) {
    const void* data = impl->data();
    if (s.dtype == at::kFloat) {
      scan(static_cast<const float*>(data), impl->numel(), s);
      return s;
    }
    if (s.dtype == at::kDouble) {
      scan(static_cast<const double*>(data), impl->numel(), s);
      return s;
    }
  }
  aten_stats(t, s);
  return s;
}

// Appends without formatting machinery: this runs for every gradient of a
// logged backward.
void append_short_text(std::string& out, const Summary& s) {
  if (!s.defined) {
    out += "None";
    return;
  }
  static const std::array<std::string, static_cast<size_t>(c10::ScalarType::NumOptions)> abbrevs = [] {
    std::array<std::string, static_cast<size_t>(c10::ScalarType::NumOptions)> a;
    for (size_t i = 0; i < a.size(); ++i) a[i] = format::dtype_abbrev(static_cast<c10::ScalarType>(i));
    return a;
  }();
  size_t index = static_cast<size_t>(s.dtype);
  out += index < abbrevs.size() ? abbrevs[index] : format::dtype_abbrev(s.dtype);
  out += '[';
  char digits[16];
  for (int i = 0; i < s.ndim && i < Summary::kInlineDims; ++i) {
    if (i) out += ", ";
    auto r = std::to_chars(digits, digits + sizeof digits, s.shape[i]);
    out.append(digits, static_cast<size_t>(r.ptr - digits));
  }
  if (!s.complete_shape) out += ", ...";
  out += ']';
}

std::string short_text(const Summary& s) {
  std::string out;
  append_short_text(out, s);
  return out;
}

autograd::TensorSummary Summary::to_full() const {
  autograd::TensorSummary f;
  f.meta.defined = defined;
  if (!defined) return f;
  std::string name = format::dtype_name(dtype);
  f.meta.dtype = name.rfind("torch.", 0) == 0 ? name.substr(6) : name;
  for (int i = 0; i < ndim && i < kInlineDims; ++i) f.meta.shape.push_back(shape[i]);
  f.norm = norm;
  f.min = min;
  f.max = max;
  f.nan = nan;
  f.inf = inf;
  return f;
}

}  // namespace backstep::debug
