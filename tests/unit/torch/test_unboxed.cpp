// The unboxed fast path: which schemas get it (read from the schema, never
// listed per operator), and that it computes what the boxed call computes,
// autograd graph included.
#include "engine/torch/unboxed_call.h"

#include <ATen/ATen.h>
#include <doctest/doctest.h>

namespace {

using backstep::torchb::detail::call_unboxed;
using backstep::torchb::detail::unboxed_call_for;

c10::OperatorHandle op(const char* name, const char* overload) {
  auto h = c10::Dispatcher::singleton().findSchema({name, overload});
  REQUIRE(h.has_value());
  return *h;
}

}  // namespace

TEST_CASE("the schemas of Tensor and Scalar arguments returning one Tensor take the unboxed path") {
  CHECK(unboxed_call_for(op("aten::sin", "")));               // T
  CHECK(unboxed_call_for(op("aten::mul", "Tensor")));         // TT
  CHECK(unboxed_call_for(op("aten::add", "Tensor")));         // TT, kwarg-only Scalar alpha
  CHECK(unboxed_call_for(op("aten::mul", "Scalar")));         // TS
  CHECK(unboxed_call_for(op("aten::add", "Scalar")));         // TSS
  CHECK_FALSE(unboxed_call_for(op("aten::add_", "Tensor")));  // writes self
  CHECK_FALSE(unboxed_call_for(op("aten::add", "out")));      // writes out
  CHECK_FALSE(unboxed_call_for(op("aten::sum", "")));         // ScalarType? dtype
  CHECK_FALSE(unboxed_call_for(op("aten::max", "dim")));      // two results
  CHECK_FALSE(unboxed_call_for(op("aten::cat", "")));         // Tensor[]
}

TEST_CASE("an unboxed call computes what the boxed call computes, autograd graph included") {
  at::manual_seed(1);
  at::Tensor a = at::randn({3}).set_requires_grad(true);
  at::Tensor b = at::randn({3});
  struct Case {
    const char* name;
    const char* overload;
    torch::jit::Stack args;
  };
  std::vector<Case> cases = {
      {"aten::sin", "", {a}},
      {"aten::mul", "Tensor", {a, b}},
      {"aten::sub", "Tensor", {a, b, at::Scalar(2.5)}},
      {"aten::mul", "Scalar", {a, at::Scalar(int64_t(3))}},
      {"aten::add", "Scalar", {a, at::Scalar(1.5), at::Scalar(2.0)}},
  };
  for (auto& c : cases) {
    CAPTURE(c.name);
    CAPTURE(c.overload);
    auto h = op(c.name, c.overload);
    auto fast = unboxed_call_for(h);
    REQUIRE(fast);
    at::Tensor unboxed = call_unboxed(*fast, c.args);
    torch::jit::Stack stack = c.args;
    h.callBoxed(&stack);
    at::Tensor boxed = stack.at(0).toTensor();
    CHECK(at::equal(unboxed, boxed));
    REQUIRE(unboxed.grad_fn());
    CHECK(unboxed.grad_fn()->name() == boxed.grad_fn()->name());
  }
}

TEST_CASE("errors from an unboxed call are the kernel's own") {
  auto h = op("aten::mul", "Tensor");
  auto fast = unboxed_call_for(h);
  REQUIRE(fast);
  torch::jit::Stack args{at::ones({2}), at::ones({3})};
  CHECK_THROWS_WITH_AS(call_unboxed(*fast, args),
                       doctest::Contains("The size of tensor a (2) must match the size of tensor b (3)"),
                       c10::Error);
}
