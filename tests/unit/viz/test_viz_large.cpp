// Large graphs stay readable and fast: the loop detector, an RNN unrolled
// 200 steps, a 10k-node graph, a graph without any source positions.
#include "script_graphs.h"
#include "test_support.h"
#include "viz/loop_detect.h"
#include "viz/progress.h"
#include "viz/render.h"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace bv = backstep::viz;
namespace ba = backstep::autograd;
using namespace backstep::viz::testing;

namespace {

std::vector<uint64_t> keys_of(const std::string& s) { return std::vector<uint64_t>(s.begin(), s.end()); }

std::string repeats_text(const std::string& s, size_t min_count = 3) {
  std::string out;
  for (const auto& r : bv::find_repeats(keys_of(s), 0, s.size(), min_count))
    out += "[" + s.substr(r.start, r.period) + "]x" + std::to_string(r.count) + "@" + std::to_string(r.start) + " ";
  return out;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_CASE("loop detector: tandem repeats, shortest period, nested and trimmed runs") {
  CHECK(repeats_text("xABCABCABCy") == "[ABC]x3@1 ");
  CHECK(repeats_text("AAAAAA") == "[A]x6@0 ");
  CHECK(repeats_text("ABABAB") == "[AB]x3@0 ");          // not (ABAB) x1.5
  CHECK(repeats_text("ABBAABBAABBA") == "[ABBA]x3@0 ");  // every key recurs inside the body
  CHECK(repeats_text("ABAB") == "");                     // two iterations are not enough by default
  CHECK(repeats_text("ABAB", 2) == "[AB]x2@0 ");
  CHECK(repeats_text("AAAB" "AAAB" "AAAB" "AAAB") == "[AAAB]x4@0 ");  // the outer loop wins
  CHECK(repeats_text("ABCABCABCXYXYXY") == "[ABC]x3@0 [XY]x3@9 ");
  // A long body: found through the distances between equal keys.
  std::string body;
  for (int i = 0; i < 40; ++i) body += static_cast<char>('!' + i);
  CHECK(repeats_text("<" + body + body + body + body + ">") == "[" + body + "]x4@1 ");
}

TEST_CASE("an RNN unrolled 200 steps folds to a small picture") {
  ba::NodeIds ids;
  Built b = rnn(ids, 200);
  CHECK(b.snapshot.nodes.size() > 800);
  bv::RenderOptions opt;
  opt.title = "RNN, 200 steps";
  bv::RenderResult r = bv::render(b.snapshot, {}, bv::Format::Png, opt);
  REQUIRE_MESSAGE(r.ok, r.error);
  MESSAGE("rnn200: " << r.stats.graph_nodes << " nodes drawn as " << r.stats.drawn << " boxes with "
                     << r.stats.engine << " in " << r.stats.seconds << " s");
  CHECK(r.stats.drawn < 20);
  CHECK(r.stats.engine == "dot");
  REQUIRE(!r.stats.folding.empty());
  CHECK(r.stats.folding[0] == "1 loop folded (\u00d7200)");
  std::string line = bv::summary(r.stats);
  CHECK(line.rfind("1,004 nodes as 10 boxes (dot, ", 0) == 0);
  CHECK(line.find("s): 1 loop folded (\u00d7200)") != std::string::npos);
  write_text("viz_rnn200.png", r.data);
  Built cell = rnn(ids, 200, true);
  bv::RenderResult rc = bv::render(cell.snapshot, {}, bv::Format::Png, opt);
  REQUIRE(rc.ok);
  CHECK(rc.stats.drawn < 20);
  write_text("viz_rnn_cell200.png", rc.data);
}

TEST_CASE("a 10k-node graph renders quickly (time printed, not asserted)") {
  ba::NodeIds ids;
  auto t0 = std::chrono::steady_clock::now();
  Built b = mlp(ids, 2000);
  double build = seconds_since(t0);
  std::atomic<int> reports{0};
  bv::RenderOptions opt;
  opt.progress = [&](const bv::ProgressEvent&) { ++reports; };
  auto t1 = std::chrono::steady_clock::now();
  bv::RenderResult r = bv::render(b.snapshot, {}, bv::Format::Svg, opt);
  double render = seconds_since(t1);
  REQUIRE_MESSAGE(r.ok, r.error);
  MESSAGE("mlp 10k: built in " << build << " s, " << r.stats.graph_nodes << " nodes rendered to SVG in " << render
                               << " s as " << r.stats.drawn << " boxes (" << r.stats.engine << ")");
  CHECK(b.snapshot.nodes.size() >= 10000);
  CHECK(r.stats.drawn < 40);
}

TEST_CASE("without source positions a big chain is matched by operator names, and never hangs") {
  ba::NodeIds ids;
  Built b = no_origin_chain(ids, 4000);
  auto t0 = std::chrono::steady_clock::now();
  bv::RenderResult r = bv::render(b.snapshot, {}, bv::Format::Svg);
  REQUIRE_MESSAGE(r.ok, r.error);
  std::string notes;
  for (const auto& n : r.stats.folding) notes += n + "; ";
  MESSAGE("chain 4k without origins: " << r.stats.drawn << " boxes, " << r.stats.engine << ", "
                                       << seconds_since(t0) << " s: " << notes);
  CHECK(r.stats.drawn < 100);
  CHECK(notes.find("operator names") != std::string::npos);
}

// No timed assertions: the quiet period is made short and the test waits
// for the events, however long the machine takes to deliver them.
TEST_CASE("progress is reported after the quiet period, from a helper thread, then finished; quiet when fast") {
  std::vector<bv::ProgressEvent> events;
  std::mutex m;
  std::condition_variable arrived;
  auto record = [&](const bv::ProgressEvent& e) {
    std::lock_guard<std::mutex> lock(m);
    events.push_back(e);
    arrived.notify_all();
  };
  {
    bv::ProgressReporter fast(record, std::chrono::hours(1));
    fast.stage("quick");
  }
  CHECK(events.empty());
  {
    bv::ProgressReporter slow(record, std::chrono::milliseconds(20));
    slow.stage("laying out 1,000 boxes with dot");
    std::unique_lock<std::mutex> lock(m);
    arrived.wait(lock, [&] { return !events.empty(); });
  }
  REQUIRE(events.size() >= 2);
  CHECK(events.front().elapsed >= 0.02);
  CHECK(events.front().stage == "laying out 1,000 boxes with dot");
  CHECK(!events.front().finished);
  CHECK(events.back().finished);
}

TEST_CASE("a graph with no structure at all is cut off near the outputs; sfdp when asked") {
  ba::NodeIds ids;
  Built b = no_origin_chain(ids, 6000, /*irregular=*/true);
  auto t0 = std::chrono::steady_clock::now();
  bv::RenderResult r = bv::render(b.snapshot, {}, bv::Format::Png);
  REQUIRE_MESSAGE(r.ok, r.error);
  std::string notes;
  for (const auto& n : r.stats.folding) notes += n + "; ";
  MESSAGE("irregular chain 6k: " << r.stats.drawn << " boxes, " << r.stats.engine << ", " << seconds_since(t0)
                                 << " s: " << notes);
  CHECK(notes.find("cut off") != std::string::npos);
  write_text("viz_cutoff.png", r.data);
  Built small_chain = no_origin_chain(ids, 1500, true);
  bv::RenderOptions opt;
  opt.layout = bv::Layout::Sfdp;
  t0 = std::chrono::steady_clock::now();
  bv::RenderResult s = bv::render(small_chain.snapshot, {}, bv::Format::Png, opt);
  REQUIRE_MESSAGE(s.ok, s.error);
  MESSAGE("sfdp on 1.5k nodes: " << s.stats.drawn << " boxes in " << seconds_since(t0) << " s");
  CHECK(s.stats.engine == "sfdp");
  write_text("viz_sfdp.png", s.data);
  write_text("viz_sfdp.dot", bv::render(small_chain.snapshot, {}, bv::Format::Dot, opt).data);
  write_text("viz_cutoff.dot", bv::render(b.snapshot, {}, bv::Format::Dot).data);
}
