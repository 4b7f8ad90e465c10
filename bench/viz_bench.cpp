// How fast backstep renders big graphs (issue 5): graphs of 1k, 10k and 100k
// nodes (an RNN unrolled over time, a deep MLP of script calls), built in
// C++ as a script would build them, rendered to SVG with default options.
// Beside each: plain `dot` on the unfolded graph (the baseline a torchviz
// user gets), stopped after 60 s, and skipped at 100k when 10k was already
// too slow.
//
//   bench_viz [MAX_NODES]      (default 100000)
//
// Targets: 10k nodes <= 2 s, 100k nodes <= 10 s.
#include "script_graphs.h"
#include "viz/render.h"

#include <ATen/Parallel.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/wait.h>

namespace {

using Clock = std::chrono::steady_clock;
namespace bv = backstep::viz;
namespace bt = backstep::viz::testing;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

constexpr int kBaselineLimit = 60;

// Seconds plain `dot -Tsvg` takes on the unfolded graph; < 0 when it was stopped at the limit.
double plain_dot_seconds(const backstep::autograd::GraphSnapshot& snap) {
  bv::RenderOptions unfolded;
  unfolded.fold_loops = false;
  unfolded.fit = false;
  bv::RenderResult dot = bv::render(snap, {}, bv::Format::Dot, unfolded);
  if (!dot.ok) return -2;
  std::string path = "/tmp/backstep_viz_bench.dot";
  std::ofstream(path) << dot.data;
  auto t = Clock::now();
  std::string cmd = fmt::format("timeout {} dot -Tsvg {} -o /dev/null 2>/dev/null", kBaselineLimit, path);
  int rc = std::system(cmd.c_str());
  double s = since(t);
  std::remove(path.c_str());
  return WIFEXITED(rc) && WEXITSTATUS(rc) == 0 ? s : -1;
}

struct Row {
  std::string graph;
  size_t nodes = 0;
  double build = 0, snapshot_lean = 0, snapshot = 0, render = 0, baseline = 0;
  size_t drawn = 0;
  std::string engine;
};

void print(const Row& r) {
  std::string base = r.baseline == -3   ? "skipped"
                     : r.baseline < 0   ? fmt::format("> {} s", kBaselineLimit)
                                        : fmt::format("{:.2f} s", r.baseline);
  std::string ratio = r.baseline > 0 ? fmt::format("{:.0f}x", r.baseline / (r.snapshot + r.render)) : "";
  fmt::print("{:<4} {:>7} nodes  build {:5.2f} s  snapshot {:6.3f} s ({:5.3f} s without saved)  render {:6.3f} s"
             "  ({} boxes, {})  plain dot {:>9} {}\n",
             r.graph, r.nodes, r.build, r.snapshot, r.snapshot_lean, r.render, r.drawn, r.engine, base, ratio);
  std::fflush(stdout);
}

template <class Build>
void run(const std::string& name, Build build, size_t nodes, bool& baseline_hopeless) {
  Row row;
  row.graph = name;
  auto t = Clock::now();
  backstep::autograd::NodeIds ids;
  bt::Built b = build(ids, nodes);
  row.build = since(t);
  // Without saved fields first (what a picture without --saved needs), then
  // the full snapshot that is rendered.
  t = Clock::now();
  backstep::autograd::SnapshotOptions lean;
  lean.saved_fields = false;
  auto plain = backstep::autograd::snapshot(ids, b.roots, {}, lean);
  row.snapshot_lean = since(t);
  t = Clock::now();
  auto snap = backstep::autograd::snapshot(ids, b.roots, {});
  row.snapshot = since(t);
  row.nodes = snap.nodes.size();
  t = Clock::now();
  bv::RenderResult r = bv::render(snap, {}, bv::Format::Svg);
  row.render = since(t);
  if (!r.ok) {
    fmt::print("{} {}: render failed: {}\n", name, nodes, r.error);
    return;
  }
  row.drawn = r.stats.drawn;
  row.engine = r.stats.engine;
  row.baseline = baseline_hopeless ? -3 : plain_dot_seconds(snap);
  if (row.baseline == -1) baseline_hopeless = true;
  print(row);
}

}  // namespace

int main(int argc, char** argv) {
  at::set_num_threads(1);
  size_t max_nodes = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 100000;
  fmt::print("viz: render to SVG with default options (snapshot + render), beside plain dot on the unfolded graph\n");
  fmt::print("targets: 10k nodes <= 2 s, 100k nodes <= 10 s\n\n");
  bool rnn_hopeless = false, mlp_hopeless = false;
  for (size_t n : {size_t(1000), size_t(10000), size_t(100000)}) {
    if (n > max_nodes) break;
    // ~5 nodes per step or layer (3 leaves in all for the RNN, 2 per layer for the MLP).
    run("rnn", [](auto& ids, size_t k) { return bt::rnn(ids, static_cast<int>(k / 5)); }, n, rnn_hopeless);
    run("mlp", [](auto& ids, size_t k) { return bt::mlp(ids, static_cast<int>(k / 5)); }, n, mlp_hopeless);
  }
  return 0;
}
