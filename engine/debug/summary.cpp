#include "engine/debug/summary.h"

#include "engine/format/tensor_repr.h"

#include <ATen/ATen.h>
#include <ATen/LegacyBatchedTensorImpl.h>
#include <immintrin.h>

#include <charconv>
#include <cstring>
#include <type_traits>
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
// Clang: no multiply-add fused from here to the end of the scans (the
// same rule as the GCC pragma below, which GCC's inlining needs per
// function; Note [Lanes as vectors]).
#if defined(__clang__)
#pragma clang fp contract(off)
#endif

// One value into a lane's sum of squares and extremes (no branches).
template <class T>
inline void fold(T v, double& sq, T& lo, T& hi) {
  sq += static_cast<double>(v) * static_cast<double>(v);
  lo = v < lo ? v : lo;
  hi = v > hi ? v : hi;
}

// Note [Lanes as vectors]
// The sixteen lanes are GCC vector types, so the loop is vector code
// (written as arrays, GCC made scalar code of it: eleven instructions an
// element, most of what a summary trace's step cost). Lane l folds elements
// l, l+16, ... in that order, so each lane's sum is a chain of dependent
// additions: with eight lanes that chain, not the arithmetic, bounded the
// scan at about a cycle an element, a third of a traced backward of 64x64
// layers (bench_trace: 1.42x the plain backward on a Sapphire Rapids,
// target 1.2x). Sixteen lanes halve the chain; float scans are written
// in AVX-512 and AVX2 intrinsics beside the x86-64 baseline and picked at
// load time (by hand: the ifuncs of target_clones crash a TSan build
// before its runtime starts), which changes the instructions but not the
// arithmetic: every version adds and multiplies the same numbers in the
// same order, and the compiler may not fuse a multiply and an add
// (fp-contract=off below; AVX-512 has FMA built in), so the results are bit
// for bit the scalar loop's on every machine (test_summary.cpp checks it).
//
// One fusion is written by hand, in the wide float versions: a float squared in
// double is exact (24 significant bits give at most 48 of double's 53, and
// the exponent stays far inside double's range, subnormal floats included),
// so a fused multiply-add of those squares rounds once, exactly where the
// addition alone did: fma(x, x, s) is s + x*x bit for bit. It takes the
// multiply's two instructions an element group off the scan (the AVX-512
// loop went from 492 to 403 ns per 64x64 gradient here). Doubles' squares
// are not exact, so their scan never fuses.
constexpr int kLanes = 16;
// 16-byte vectors: GCC turns them into SSE2 instructions one for one; wider generic vectors on a target
// without registers that wide came out as spills and scalar moves (eleven
// instructions an element under AVX2).
using F4 = float __attribute__((vector_size(16)));
using D2 = double __attribute__((vector_size(16)));
using D4 = double __attribute__((vector_size(32)));  // only converted into, then split (cvtps2pd)

// Sixteen lanes of float values: sums of squares in eight D2, extremes in four F4.
struct FloatLanes {
  D2 sq[8] = {};
  F4 lo[4], hi[4];
  explicit FloatLanes(float first) {
    for (int k = 0; k < 4; ++k) lo[k] = hi[k] = F4{first, first, first, first};
  }
  void fold16(const float* p) {
    for (int k = 0; k < 4; ++k) {
      F4 x;
      std::memcpy(&x, p + 4 * k, sizeof x);
      D4 wide = __builtin_convertvector(x, D4);
      D2 a = {wide[0], wide[1]}, b = {wide[2], wide[3]};
      sq[2 * k] += a * a;
      sq[2 * k + 1] += b * b;
      lo[k] = x < lo[k] ? x : lo[k];
      hi[k] = x > hi[k] ? x : hi[k];
    }
  }
  double sq_lane(int l) const { return sq[l / 2][l % 2]; }
  float lo_lane(int l) const { return lo[l / 4][l % 4]; }
  float hi_lane(int l) const { return hi[l / 4][l % 4]; }
};

// Sixteen lanes of double values: eight D2 for each of the three.
struct DoubleLanes {
  D2 sq[8] = {};
  D2 lo[8], hi[8];
  explicit DoubleLanes(double first) {
    for (int k = 0; k < 8; ++k) lo[k] = hi[k] = D2{first, first};
  }
  void fold16(const double* p) {
    for (int k = 0; k < 8; ++k) {
      D2 x;
      std::memcpy(&x, p + 2 * k, sizeof x);
      sq[k] += x * x;
      lo[k] = x < lo[k] ? x : lo[k];
      hi[k] = x > hi[k] ? x : hi[k];
    }
  }
  double sq_lane(int l) const { return sq[l / 2][l % 2]; }
  double lo_lane(int l) const { return lo[l / 2][l % 2]; }
  double hi_lane(int l) const { return hi[l / 2][l % 2]; }
};

#if !defined(__clang__)  // (clang: above)
#pragma GCC push_options
#pragma GCC optimize("fp-contract=off")
#endif

// Every version ends alike: the lanes stored, the tail folded into lane 0,
// the lanes combined in order.
template <class T>
bool finish_lanes(const T* data, int64_t i, int64_t n, double (&sq)[kLanes], T (&lows)[kLanes], T (&highs)[kLanes],
                  Summary& s) {
  for (; i < n; ++i) fold(data[i], sq[0], lows[0], highs[0]);  // the tail in lane 0
  double total = 0;
  T lo_all = lows[0], hi_all = highs[0];
  for (int l = 0; l < kLanes; ++l) {
    total += sq[l];
    lo_all = lows[l] < lo_all ? lows[l] : lo_all;
    hi_all = highs[l] > hi_all ? highs[l] : hi_all;
  }
  return finish_finite(total, lo_all, hi_all, s);
}

// The lanes over data[0, n - n % 16), then finish_lanes; false as
// finish_finite says.
template <class T>
[[gnu::always_inline]] inline bool scan_lanes(const T* data, int64_t n, Summary& s) {
  std::conditional_t<std::is_same_v<T, float>, FloatLanes, DoubleLanes> lanes(data[0]);
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) lanes.fold16(data + i);
  double sq[kLanes];
  T lows[kLanes], highs[kLanes];
  for (int l = 0; l < kLanes; ++l) {
    sq[l] = lanes.sq_lane(l);
    lows[l] = lanes.lo_lane(l);
    highs[l] = lanes.hi_lane(l);
  }
  return finish_lanes(data, i, n, sq, lows, highs, s);
}

bool scan_lanes_float(const float* data, int64_t n, Summary& s) { return scan_lanes(data, n, s); }

// The float lanes in AVX2 instructions: sq[k] holds lanes 4k..4k+3, lo[h]
// and hi[h] lanes 8h..8h+7; _mm256_min_ps(x, lo) is `x < lo ? x : lo`;
// the squares fuse into the sums (exact: Note [Lanes as vectors]).
[[gnu::target("avx2,fma")]] bool scan_lanes_float_avx2(const float* data, int64_t n, Summary& s) {
  __m256d sq[4] = {_mm256_setzero_pd(), _mm256_setzero_pd(), _mm256_setzero_pd(), _mm256_setzero_pd()};
  __m256 lo[2] = {_mm256_set1_ps(data[0]), _mm256_set1_ps(data[0])}, hi[2] = {lo[0], lo[1]};
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int k = 0; k < 4; ++k) {
      __m256d x = _mm256_cvtps_pd(_mm_loadu_ps(data + i + 4 * k));
      sq[k] = _mm256_fmadd_pd(x, x, sq[k]);
    }
    for (int h = 0; h < 2; ++h) {
      __m256 x = _mm256_loadu_ps(data + i + 8 * h);
      lo[h] = _mm256_min_ps(x, lo[h]);
      hi[h] = _mm256_max_ps(x, hi[h]);
    }
  }
  alignas(32) double sums[kLanes];
  alignas(32) float lows[kLanes], highs[kLanes];
  for (int k = 0; k < 4; ++k) _mm256_store_pd(sums + 4 * k, sq[k]);
  for (int h = 0; h < 2; ++h) {
    _mm256_store_ps(lows + 8 * h, lo[h]);
    _mm256_store_ps(highs + 8 * h, hi[h]);
  }
  return finish_lanes(data, i, n, sums, lows, highs, s);
}

// The float lanes in AVX-512 instructions: GCC's vector code for the clone
// above converted four floats at a time with inserts and shuffles (0.43 ns
// an element here against 0.10-0.2 for this, hot data, one core). The same
// lanes, operations and order as FloatLanes: lanes 0-7 are sq0, 8-15 sq1;
// _mm512_min_ps(x, lo) is `x < lo ? x : lo`, as FloatLanes writes it.
[[gnu::target("avx512f")]] bool scan_lanes_float_avx512(const float* data, int64_t n, Summary& s) {
  __m512d sq0 = _mm512_setzero_pd(), sq1 = _mm512_setzero_pd();
  __m512 lo = _mm512_set1_ps(data[0]), hi = lo;
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    __m512 x = _mm512_loadu_ps(data + i);
    __m512d a = _mm512_cvtps_pd(_mm256_loadu_ps(data + i));
    __m512d b = _mm512_cvtps_pd(_mm256_loadu_ps(data + i + 8));
    sq0 = _mm512_fmadd_pd(a, a, sq0);  // exact squares: Note [Lanes as vectors]
    sq1 = _mm512_fmadd_pd(b, b, sq1);
    lo = _mm512_min_ps(x, lo);
    hi = _mm512_max_ps(x, hi);
  }
  alignas(64) double sums[kLanes];
  alignas(64) float lows[kLanes], highs[kLanes];
  _mm512_store_pd(sums, sq0);
  _mm512_store_pd(sums + 8, sq1);
  _mm512_store_ps(lows, lo);
  _mm512_store_ps(highs, hi);
  return finish_lanes(data, i, n, sums, lows, highs, s);
}

// Which version this CPU runs (the baseline one is compiled for x86-64's
// SSE2; the AVX2 one needs FMA too, which every AVX2 processor of Intel's
// and AMD's has).
enum class FloatScan { Avx512, Avx2, Baseline };
// (__builtin_cpu_init: this runs as a static initializer, which GCC does
// not promise to order after libgcc's own.)
const FloatScan g_float_scan = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") ? FloatScan::Avx512
         : __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? FloatScan::Avx2
                                           : FloatScan::Baseline;
}();

bool scan_lanes_double(const double* data, int64_t n, Summary& s) {
  return scan_lanes(data, n, s);
}

#if defined(__clang__)
#pragma clang fp contract(on)
#else
#pragma GCC pop_options
#endif

template <class T>
bool scan_all_finite(const T* data, int64_t n, Summary& s) {
  if (n < kLanes) {  // most gradients of a long chain of small ops: lanes cost more than they save
    double sq = 0;
    T lo = data[0], hi = data[0];
    for (int64_t i = 0; i < n; ++i) fold(data[i], sq, lo, hi);
    return finish_finite(sq, lo, hi, s);
  }
  if constexpr (std::is_same_v<T, float>) {
    switch (g_float_scan) {
      case FloatScan::Avx512: return scan_lanes_float_avx512(data, n, s);
      case FloatScan::Avx2: return scan_lanes_float_avx2(data, n, s);
      case FloatScan::Baseline: break;
    }
    return scan_lanes_float(data, n, s);
  }
  else return scan_lanes_double(data, n, s);
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

// Any other tensor (a CUDA one, a strided view, half precision, ints):
// ATen reductions on the tensor's own device, and one copy of five numbers
// to the host, never of the tensor. NaN and Inf are left out of the norm,
// min and max with where(), which keeps the shape (masked_select would
// have to learn its output size from the device first).
void aten_stats(const at::Tensor& t, Summary& s) {
  at::NoGradGuard no_grad;
  at::Tensor d = t.detach();
  if (d.is_complex()) d = at::abs(d);
  if (!d.is_floating_point()) d = d.to(at::kDouble);
  at::Tensor finite = at::isfinite(d);
  at::Tensor nan = at::isnan(d).sum();
  at::Tensor nonfinite = at::logical_not(finite).sum();
  at::Tensor wide = d.to(at::kDouble);
  const double inf = std::numeric_limits<double>::infinity();
  at::Tensor stats = at::stack({nan.to(at::kDouble), (nonfinite - nan).to(at::kDouble),
                                at::where(finite, wide, 0.0).norm(), at::where(finite, wide, inf).min(),
                                at::where(finite, wide, -inf).max()})
                         .cpu();
  const double* v = stats.data_ptr<double>();
  s.nan = static_cast<uint32_t>(v[0]);
  s.inf = static_cast<uint32_t>(v[1]);
  if (v[0] + v[1] >= static_cast<double>(d.numel())) return;  // no finite value: norm, min, max stay 0
  s.norm = static_cast<float>(v[2]);
  s.min = static_cast<float>(v[3]);
  s.max = static_cast<float>(v[4]);
}

}  // namespace

Summary describe(const at::Tensor& t) {
  Summary s;
  if (!t.defined()) return s;
  s.defined = true;
  const c10::TensorImpl* impl = t.unsafeGetTensorImpl();
  s.dtype = c10::typeMetaToScalarType(impl->dtype());
  s.device_type = impl->device_type();
  if (s.device_type != c10::DeviceType::CPU) s.device_index = impl->device().index();
  auto sizes = impl->sizes();
  s.ndim = static_cast<uint8_t>(std::min<size_t>(sizes.size(), 255));
  s.complete_shape = sizes.size() <= Summary::kInlineDims;
  for (size_t i = 0; i < sizes.size() && i < Summary::kInlineDims; ++i) s.shape[i] = static_cast<int32_t>(sizes[i]);
  return s;
}

Summary summarize(const at::Tensor& t) {
  // A batched gradient (autograd.grad with is_grads_batched=True, Note
  // [Batched gradients]): the whole batch it carries, batch dimension first.
  if (t.defined() && at::isBatchedTensor(t)) return summarize(at::maybeGetBatchedImpl(t)->value());
  Summary s = describe(t);
  // A meta tensor has a shape and no values: nothing to compute.
  if (!s.defined || t.numel() == 0 || s.device_type == c10::DeviceType::Meta) return s;
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
  // A sparse gradient (nn.Embedding(sparse=True)): ATen's element-wise
  // reductions do not take the sparse layout; its statistics are those of
  // the dense tensor it stands for, implicit zeros included.
  if (impl->layout() != c10::kStrided) {
    at::NoGradGuard no_grad;
    aten_stats(t.detach().to_dense(), s);
    return s;
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

std::string device_text(const Summary& s) {
  if (!s.defined || s.device_type == c10::DeviceType::CPU) return "";
  return c10::Device(s.device_type, s.device_index).str();
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
  f.meta.device = device_text(*this);
  f.norm = norm;
  f.min = min;
  f.max = max;
  f.nan = nan;
  f.inf = inf;
  return f;
}

}  // namespace backstep::debug
