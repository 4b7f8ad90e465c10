// What `backstep run --trace` costs on a 100k-node backward, against plain
// backward measured in the same run (target: recording <= 1.2x). Recording
// is what happens while the backward runs (a pre-hook per node reading its
// incoming gradients, a post-hook reading what it produced); writing the
// JSON file happens once, after the program, and is reported separately.
//
//   bench_trace [SCALE]   (SCALE 1 = 100k nodes; 0.1 for a quick run)
#include "engine/api/install.h"
#include "engine/debug/debugger.h"
#include "engine/runtime/interpreter.h"
#include "bench_support.h"
#include "repl/recorder.h"
#include "repl/trace_stream.h"

#include <ATen/Parallel.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace {

using backstep::rt::Interpreter;
using namespace backstep::bench;

// The chain on 4-element tensors: the per-node cost of watching is what it
// exposes (big tensors would hide it behind the kernels).
std::string build(long nodes) { return chain_program(nodes); }

// A residual chain on 64x64 matrices (a small layer's work per node; the
// residual keeps gradients away from denormals, which would time the FPU):
// how recording compares when the kernels are not trivial.
std::string build_matrices(long nodes) {
  return fmt::format("h = m\nfor i in range({}):\n    h = h + 0.01 * torch.tanh(h @ wm)\nloss = h.sum()\n",
                     nodes / 4);
}

// Best of `reps` backwards, each on a freshly built graph.
double backward_seconds(Interpreter& in, long nodes, int reps = 5, bool matrices = false) {
  double best = 1e30;
  for (int i = 0; i < reps; ++i) {
    run(in, matrices ? build_matrices(nodes) : build(nodes));
    auto t0 = Clock::now();
    run(in, "loss.backward()\n");
    best = std::min(best, since(t0));
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  double scale = argc > 1 ? std::atof(argv[1]) : 1.0;
  long nodes = static_cast<long>(100000 * scale);
  at::set_num_threads(1);
  NullSink sink;
  Interpreter in(sink);
  backstep::api::install_torch(in);
  run(in,
      "import torch\nx = torch.ones(4, requires_grad=True)\n"
      "m = torch.randn(64, 64)\nwm = (torch.randn(64, 64) / 8).requires_grad_()\n");

  // Plain and recorded backwards alternate, so both run on the same
  // sequence of heaps (see paired()).
  backstep::debug::Debugger& d = backstep::debug::debugger(in);
  backstep::repl::Recorder recorder(d, in, {});
  auto record = [&](bool on) { d.keep_watching(on); };
  Pair chain = paired(6, record, [&] { return backward_seconds(in, nodes, 1); });
  double plain = chain.base;
  std::printf("%-58s %9s %9s %7s\n", "", "baseline", "measured", "ratio");
  print_paired(fmt::format("backward, {} nodes on 4-element tensors: plain -> trace", nodes), chain, 1.2);
  long matrix_nodes = nodes / 10;
  Pair matrices = paired(6, record, [&] { return backward_seconds(in, matrix_nodes, 1, true); });
  print_paired(fmt::format("backward, {} nodes on 64x64 matrices: plain -> trace", matrix_nodes), matrices, 1.2);

  // Only the last backward, as a program that ran one: write its trace as
  // `backstep run --trace` streams it when the backward ends (text made a
  // megabyte at a time and written, no fsync).
  d.keep_watching(true);
  run(in, build(nodes));
  run(in, "loss.backward()\n");
  const char* path = "/tmp/backstep_bench_trace.json";
  auto t0 = Clock::now();
  backstep::repl::StreamFile file;
  std::string error = file.open(path);
  std::string buffer;
  backstep::repl::TraceText text;
  text.append_run(buffer, *d.runs().back(), [&](std::string& out) {
    file.write(out);
    out.clear();
  });
  file.write(buffer);
  if (error.empty()) error = file.close();
  double write = since(t0);
  size_t records = d.runs().back()->records.size();
  if (!error.empty()) std::fprintf(stderr, "%s\n", error.c_str());
  std::printf("%-58s %9s %7.3f s %6.3fx  (of one plain backward; target <= 0.15 s: %s)\n",
              fmt::format("writing the trace of that backward ({} records)", records).c_str(), "", write,
              write / plain, write <= 0.15 ? "met" : "MISSED");
  std::remove(path);
  return 0;
}
