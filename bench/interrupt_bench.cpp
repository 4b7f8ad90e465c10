// What making backwards interruptible costs (Ctrl-C and --timeout reaching
// the engine between nodes; Note [Interrupting a running backward]), each
// figure against the same run with the registration turned off, measured in
// the same process (target <= 1.02x):
//  - one backward over a 100k-node chain on 4-element tensors, where any
//    per-node cost would show (there is none: the engine's own check
//    between nodes is what stops it);
//  - a loop of 20k small backwards (three nodes each), where the
//    per-backward cost (two short locks) would show.
//
//   bench_interrupt [SCALE]   (SCALE 1 = the sizes above; 0.1 for a quick run)
#include "engine/api/install.h"
#include "engine/autograd/backward_interrupt.h"
#include "engine/runtime/interpreter.h"
#include "bench_support.h"

#include <ATen/Parallel.h>
#include <fmt/format.h>

#include <cstdlib>

namespace {

using backstep::rt::Interpreter;
using namespace backstep::bench;

void set_interruptible(bool on) { backstep::autograd::set_backward_interrupts_enabled(on); }

double one_big_backward(Interpreter& in, long nodes) {
  run(in, chain_program(nodes));
  auto t0 = Clock::now();
  run(in, "loss.backward()\n");
  double t = since(t0);
  run(in, "h = None\nloss = None\n");
  return t;
}

double many_small_backwards(Interpreter& in, long count) {
  auto t0 = Clock::now();
  run(in, fmt::format("for i in range({}):\n    (x * 2.0).sum().backward()\n", count));
  return since(t0);
}

}  // namespace

int main(int argc, char** argv) {
  double scale = argc > 1 ? std::atof(argv[1]) : 1.0;
  long nodes = static_cast<long>(100000 * scale), count = static_cast<long>(20000 * scale);
  at::set_num_threads(1);
  NullSink sink;
  Interpreter in(sink);
  backstep::api::install_torch(in);
  run(in, "import torch\nx = torch.ones(4, requires_grad=True)\n");
  std::printf("%-58s %11s %11s %8s\n", "", "baseline", "measured", "ratio");
  Pair big = paired(16, set_interruptible, [&] { return one_big_backward(in, nodes); });
  print_paired(fmt::format("backward, {} nodes: not interruptible -> interruptible", nodes), big, 1.02);
  Pair small = paired(16, set_interruptible, [&] { return many_small_backwards(in, count); });
  print_paired(fmt::format("{} small backwards: not interruptible -> interruptible", count), small, 1.02);
  set_interruptible(true);
  return 0;
}
