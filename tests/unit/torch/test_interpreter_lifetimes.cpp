// libtorch's engine is one per process and outlives interpreters; what an
// interpreter installs in it (the saved-tensors-hooks provider) must go with
// the interpreter that installed it, and only with that one. Benchmarks and
// tests make several interpreters in one process: bench_op_overhead
// crashed in plain ATen code saving a tensor after its interpreter was gone.
#include "engine/api/install.h"
#include "engine/runtime/interpreter.h"
#include "tests/unit/collecting_sink.h"

#include <ATen/ATen.h>
#include <doctest/doctest.h>

#include <memory>

namespace {

using backstep::rt::Interpreter;

using backstep::testing::CollectingSink;

bool run(Interpreter& in, const std::string& code) {
  auto r = in.run_source("<test>", code, Interpreter::Mode::File);
  if (!r.ok()) in.report(r);
  return r.ok();
}

// A backward through ops that save tensors, made from C++ (no interpreter).
double plain_aten_gradient() {
  at::Tensor a = at::full({2}, 3.0).set_requires_grad(true);
  at::Tensor b = at::full({2}, 2.0);
  (a * b).sin().sum().backward();
  return a.grad()[0].item<double>();
}

const char* kPackCounting =
    "import torch\n"
    "packed = [0]\n"
    "def pack(t):\n"
    "    packed[0] += 1\n"
    "    return t\n"
    "x = torch.ones(3, requires_grad=True)\n"
    "with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):\n"
    "    y = (x * x).sin().sum()\n"
    "y.backward()\n"
    "print(packed[0] >= 2)\n";

}  // namespace

TEST_CASE("ATen saves tensors normally after the interpreter that installed saved-tensor hooks is gone") {
  {
    CollectingSink sink;
    Interpreter in(sink);
    backstep::api::install_torch(in);
    REQUIRE(run(in, kPackCounting));
    CHECK(sink.text == "True\n");
  }
  CHECK(plain_aten_gradient() == doctest::Approx(2.0 * std::cos(6.0)));
}

TEST_CASE("an older interpreter going away leaves the newer one's saved-tensor hooks working") {
  CollectingSink first_sink, second_sink;
  auto first = std::make_unique<Interpreter>(first_sink);
  backstep::api::install_torch(*first);
  Interpreter second(second_sink);
  backstep::api::install_torch(second);
  REQUIRE(run(*first, "import torch\n"));
  first.reset();
  REQUIRE(run(second, kPackCounting));
  CHECK(second_sink.text == "True\n");
  CHECK(plain_aten_gradient() == doctest::Approx(2.0 * std::cos(6.0)));
}
