// Gradient summaries: the one-pass scan of contiguous float tensors must
// agree with ATen's reductions over the finite values, and count NaN and
// Inf exactly, whichever of its two paths (all finite, or not) it takes.
#include "engine/debug/summary.h"

#include <ATen/ATen.h>
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

namespace {

using backstep::debug::summarize;

// ATen's answer over the finite values: (norm, min, max, nan, inf).
struct Expected {
  double norm, min, max;
  int64_t nan, inf;
};
Expected expected(const at::Tensor& t) {
  at::Tensor d = t.to(at::kDouble);
  at::Tensor finite = d.masked_select(at::isfinite(d));
  return {finite.norm().item<double>(), finite.min().item<double>(), finite.max().item<double>(),
          at::isnan(d).sum().item<int64_t>(), at::isinf(d).sum().item<int64_t>()};
}

void check_against_aten(const at::Tensor& t) {
  auto s = summarize(t);
  auto e = expected(t);
  REQUIRE(s.stats);
  CHECK(s.nan == e.nan);
  CHECK(s.inf == e.inf);
  CHECK(s.norm == doctest::Approx(e.norm).epsilon(1e-6));
  CHECK(s.min == doctest::Approx(e.min).epsilon(1e-6));
  CHECK(s.max == doctest::Approx(e.max).epsilon(1e-6));
}

}  // namespace

TEST_CASE("summaries of finite gradients match ATen, for every length around the scan's lanes") {
  at::manual_seed(3);
  for (int64_t n : {1, 2, 7, 8, 9, 15, 16, 17, 63, 4096, 4099}) {
    CAPTURE(n);
    check_against_aten(at::randn({n}));
    check_against_aten(at::randn({n}, at::kDouble) * 1e3);
  }
  check_against_aten(at::full({5}, -2.5));  // min == max
}

TEST_CASE("NaN and Inf anywhere are counted, and left out of norm, min and max") {
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  for (int64_t at_index : {0, 3, 8, 20}) {
    CAPTURE(at_index);
    at::Tensor t = at::arange(1, 22, at::kFloat);
    t[at_index] = nan;
    check_against_aten(t);
    t[(at_index + 5) % 21] = -inf;
    check_against_aten(t);
  }
  auto all_nan = summarize(at::full({9}, nan));
  CHECK(all_nan.nan == 9);
  CHECK(all_nan.norm == 0);
}

TEST_CASE("finite values whose squares overflow still give the exact counts") {
  at::Tensor t = at::full({10}, 1e200, at::kDouble);
  auto s = summarize(t);
  CHECK(s.nan == 0);
  CHECK(s.inf == 0);
  // The summary keeps floats: the values themselves are out of their range.
  CHECK(s.max >= std::numeric_limits<float>::max());
  CHECK(s.min >= std::numeric_limits<float>::max());
}

namespace {
// The scan's own definition, one element at a time (Note [Lanes as vectors]
// in summary.cpp): lane l sums the squares of elements l, l+16, ... in
// order, the tail after the last whole group goes to lane 0, and the lanes
// are added 0 to 15. Whatever instructions this machine's version uses, its
// norm must be this one's bit for bit, so a trace is the same everywhere.
float lane_order_norm(const float* v, int64_t n) {
  constexpr int64_t kLanes = 16;
  double lanes[kLanes] = {};
  int64_t whole = n - n % kLanes;
  for (int64_t i = 0; i < whole; ++i) lanes[i % kLanes] += static_cast<double>(v[i]) * static_cast<double>(v[i]);
  for (int64_t i = whole; i < n; ++i) lanes[0] += static_cast<double>(v[i]) * static_cast<double>(v[i]);
  double total = 0;
  for (double lane : lanes) total += lane;
  return static_cast<float>(std::sqrt(total));
}
}  // namespace

TEST_CASE("the scan's norm is its lane order's, bit for bit, on this machine's instructions") {
  at::manual_seed(5);
  for (int64_t n : {16, 17, 31, 32, 4096, 4111, 100003}) {
    CAPTURE(n);
    at::Tensor t = at::randn({n}) * 7;
    float want = lane_order_norm(t.data_ptr<float>(), n);
    auto s = summarize(t);
    CHECK(s.norm == want);  // exact, not approximately
    CHECK(s.min == t.min().item<float>());
    CHECK(s.max == t.max().item<float>());
  }
}
