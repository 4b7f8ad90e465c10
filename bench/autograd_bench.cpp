// What watching autograd costs, each figure against a baseline measured in
// the same run:
//  - forward with source locations recorded on every node vs. not recorded
//    (10k and 100k nodes; target <= 1.10x);
//  - listing every saved field of every node of a 10k-node graph
//    (target <= 20 ms);
//  - backward with logging pre-hooks writing to a file vs. plain backward
//    (100k nodes; target <= 1.15x);
//  - backward with the debugger attached and a breakpoint that never matches
//    vs. plain backward (100k nodes; target <= 1.10x);
//  - the hand-off to the interpreter thread and back when pausing at every
//    node (target <= 50 us per node);
//  - the history of a 1M-node backward (target <= 200 MB).
//
//   bench_autograd [SCALE] [PART]   (SCALE 1 = the sizes above; 0.1 for a
//   quick run; PART forward|logging|debugger runs only that part, for a
//   profiler to look at)
#include "engine/api/install.h"
#include "engine/api/autograd_api.h"
#include "engine/autograd/backstep_engine.h"
#include "engine/autograd/graph_model.h"
#include "engine/autograd/saved_fields.h"
#include "engine/debug/debugger.h"
#include "engine/runtime/interpreter.h"
#include "bench_support.h"

#include <ATen/Parallel.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace {

using backstep::rt::Interpreter;
using namespace backstep::bench;
// The chain on 4-element tensors: the per-node cost of watching is what it
// exposes (big tensors would hide it behind the kernels).
std::string build(long nodes) { return chain_program(nodes); }

double best_of(int reps, const std::function<double()>& f) {
  double best = 1e30;
  for (int i = 0; i < reps; ++i) best = std::min(best, f());
  return best;
}

// Builds the graph and frees it again: each run pays for its own nodes'
// destruction, not for the previous run's (made with the other setting).
double forward_once(Interpreter& in, long nodes) {
  auto t0 = Clock::now();
  run(in, build(nodes));
  run(in, "h = None\nloss = None\n");
  return since(t0);
}

double backward_once(Interpreter& in, long nodes) {
  run(in, build(nodes));
  auto t0 = Clock::now();
  run(in, "loss.backward()\n");
  return since(t0);
}

double backward_seconds(Interpreter& in, long nodes) {
  return best_of(3, [&] { return backward_once(in, nodes); });
}

// A UI that never stops (or, with `step`, stops at every node and goes on).
class BenchUI : public backstep::debug::DebugUI {
 public:
  explicit BenchUI(bool step) : step_(step) {}
  backstep::debug::Resume on_pause(backstep::debug::PauseEvent&) override {
    ++pauses;
    return {step_ ? backstep::debug::Resume::Kind::Step : backstep::debug::Resume::Kind::Continue, 1};
  }
  void on_program_breakpoint(const backstep::lang::Span&) override {}
  void log(const std::string&) override {}
  long pauses = 0;

 private:
  bool step_;
};

long rss_kb() {
  long pages = 0, resident = 0;
  FILE* f = std::fopen("/proc/self/statm", "r");
  if (f && std::fscanf(f, "%ld %ld", &pages, &resident) == 2) {
    std::fclose(f);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
  }
  if (f) std::fclose(f);
  return 0;
}

void list_saved_fields(Interpreter& in, long n10k) {
  run(in, build(n10k));
  auto root = in.global("loss")->as_tensor().grad_fn();
  std::vector<torch::autograd::Node*> nodes;
  for (torch::autograd::Node* n = root.get(); n; n = n->next_edges().empty() ? nullptr : n->next_edges()[0].function.get())
    nodes.push_back(n);
  size_t fields = 0;
  double list_ms = best_of(3, [&] {
    auto t = Clock::now();
    fields = 0;
    for (auto* n : nodes) fields += backstep::autograd::read_saved_fields(*n).size();
    return since(t) * 1e3;
  });
  std::printf("%-58s %11s %9.2f ms           (target <= 20 ms: %s)\n",
              fmt::format("every saved field of {} nodes ({} fields)", nodes.size(), fields).c_str(), "", list_ms,
              list_ms <= 20 ? "met" : "MISSED");
  backstep::autograd::NodeIds ids;
  auto t0 = Clock::now();
  auto snap = backstep::autograd::snapshot_nodes(ids, {root}, nullptr);
  std::printf("%-58s %11s %9.2f ms           (what :nodes pays; no target)\n",
              fmt::format("full snapshot of those {} nodes", snap.nodes.size()).c_str(), "", since(t0) * 1e3);
}

void time_logging(Interpreter& in, backstep::debug::Debugger& d, long n100k) {
  std::string log_path = "/tmp/backstep_bench_backward.log";
  Pair p = paired(
      16,
      [&](bool on) {
        if (on) d.log_to_file(log_path, nullptr);
        else d.stop_logging();
      },
      [&] { return backward_once(in, n100k); });
  print_paired(fmt::format("backward, {} nodes: plain -> logging to a file", n100k), p, 1.15);
}

}  // namespace

int main(int argc, char** argv) {
  double scale = argc > 1 ? std::atof(argv[1]) : 1.0;
  std::string part = argc > 2 ? argv[2] : "";
  at::set_num_threads(1);
  long n10k = static_cast<long>(10000 * scale), n100k = static_cast<long>(100000 * scale);
  long n1m = static_cast<long>(1000000 * scale);
  NullSink sink;
  Interpreter in(sink);
  backstep::api::install_torch(in);
  run(in, "import torch\nx = torch.ones(4, requires_grad=True)\n");
  std::printf("%-58s %11s %11s %8s\n", "", "baseline", "measured", "ratio");

  if (part == "forward-on" || part == "forward-off") {  // for a profiler: one side only
    backstep::autograd::set_origins_enabled(part == "forward-on");
    for (int i = 0; i < 10; ++i) forward_once(in, n100k);
    return 0;
  }
  if (part == "backward-plain" || part == "backward-debugger" || part == "backward-logging" ||
      part == "backward-history") {
    BenchUI never(false);
    if (part == "backward-debugger") backstep::debug::debugger(in).attach(&never);
    if (part == "backward-logging") backstep::debug::debugger(in).log_to_file("/tmp/backstep_bench_backward.log", nullptr);
    if (part == "backward-history") backstep::debug::debugger(in).keep_watching(true);
    for (int i = 0; i < 10; ++i) {
      double t = backward_once(in, n100k);
      if (getenv("BENCH_VERBOSE")) std::fprintf(stderr, "  %.3f\n", t);
    }
    return 0;
  }
  for (long n : {n10k, n100k}) {
    Pair p = paired(
        10, [](bool on) { backstep::autograd::set_origins_enabled(on); }, [&] { return forward_once(in, n); });
    backstep::autograd::set_origins_enabled(true);
    print_paired(fmt::format("forward, {} nodes: source locations off -> on", n), p, 1.10);
  }
  if (part == "forward") return 0;

  if (part.empty()) list_saved_fields(in, n10k);
  backstep::debug::Debugger& d = backstep::debug::debugger(in);
  if (part.empty() || part == "logging") time_logging(in, d, n100k);
  if (part == "logging") return 0;

  BenchUI never(false);
  backstep::debug::Breakpoint bp;
  bp.kind = backstep::debug::Breakpoint::Kind::NodeName;
  bp.name = "NeverBackward0";
  d.add_breakpoint(bp);
  Pair attached = paired(
      16, [&](bool on) { d.attach(on ? &never : nullptr); }, [&] { return backward_once(in, n100k); });
  print_paired(fmt::format("backward, {} nodes: plain -> debugger, breakpoint never hit", n100k), attached, 1.10);
  if (part == "debugger") return 0;

  BenchUI stepper(true);
  d.attach(&stepper);
  long step_nodes = std::max(100L, n10k);
  run(in, build(step_nodes));
  d.step_into_next_backward();
  auto t0 = Clock::now();
  run(in, "loss.backward()\n");
  double stepped = since(t0);
  double plain_small = backward_seconds(in, step_nodes);
  d.attach(nullptr);
  double per_node_us = (stepped - plain_small) / static_cast<double>(stepper.pauses) * 1e6;
  std::printf("%-58s %11s %9.2f us           (target <= 50 us: %s)\n",
              fmt::format("pause hand-off per node ({} pauses)", stepper.pauses).c_str(), "", per_node_us,
              per_node_us <= 50 ? "met" : "MISSED");

  d.keep_watching(true);
  run(in, build(n1m));
  long before = rss_kb();
  run(in, "loss.backward()\n");
  long after = rss_kb();
  const auto& last = *d.runs().back();
  double history_mb =
      static_cast<double>(last.records.capacity() * sizeof(backstep::debug::NodeRecord) +
                          last.summaries.capacity() * sizeof(backstep::debug::Summary)) / (1 << 20);
  std::printf("%-58s %11s %9.1f MB           (target <= 200 MB: %s; RSS grew %.1f MB)\n",
              fmt::format("history of a {}-node backward", last.records.size()).c_str(), "", history_mb,
              history_mb <= 200 ? "met" : "MISSED", static_cast<double>(after - before) / 1024);
  return 0;
}
