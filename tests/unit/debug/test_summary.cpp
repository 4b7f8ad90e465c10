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
