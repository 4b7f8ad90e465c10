// Per-call overhead of the bridge over calling ATen directly, on 1-element
// tensors. A measurement, not a test: skipped unless run with
//   test_torch --no-skip --test-case='*overhead*'
#include "test_env.h"

#include "engine/torch/bridge.h"

#include <doctest/doctest.h>

#include <chrono>

using namespace backstep;
using rt::Value;

namespace {
template <class F>
double us_per_call(int n, F f) {
  for (int i = 0; i < n / 10; ++i) f();  // warm up
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < n; ++i) f();
  auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::micro>(t1 - t0).count() / n;
}
}  // namespace

TEST_CASE("bridge overhead per call (measurement)" * doctest::skip()) {
  rt::Interpreter& in = test::interpreter();
  const int n = 100000;
  for (bool grad : {false, true}) {
    at::Tensor a = at::ones({1}).requires_grad_(grad), b = at::full({1}, 2.f);
    const torchb::OpFamily* mul = torchb::find_op("mul");
    const torchb::OpFamily* add = torchb::find_method("add");
    torchb::CallSiteCache cache, mcache, acache;
    double direct = us_per_call(n, [&] { at::mul(a, b); });
    double cached = us_per_call(n, [&] {
      rt::Args args{Value(a), Value(b)};
      torchb::call_op(in, *mul, nullptr, args, &cache);
    });
    double uncached = us_per_call(n / 10, [&] {
      rt::Args args{Value(a), Value(b)};
      torchb::call_op(in, *mul, nullptr, args, nullptr);
    });
    double direct_add = us_per_call(n, [&] { at::add(a, 2.5); });
    Value self(a);
    double method = us_per_call(n, [&] {
      rt::Args args{Value(2.5)};
      torchb::call_op(in, *add, &self, args, &acache);
    });
    MESSAGE("requires_grad=", grad, ": at::mul ", direct, " us; torch.mul cached ", cached, " us (+",
            cached - direct, "); uncached ", uncached, " us; at::add(t, 2.5) ", direct_add,
            " us; x.add(2.5) cached ", method, " us (+", method - direct_add, ")");
  }
}
