// What the in-process benchmarks share: a clock, an output sink that drops
// the program's output (errors still show), running script text, and the
// chain of backward nodes most of them time.
#pragma once

#include "engine/runtime/interpreter.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace backstep::bench {

using Clock = std::chrono::steady_clock;

inline double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

class NullSink : public rt::OutputSink {
 public:
  void out(std::string_view) override {}
  void err(std::string_view t) override { std::fwrite(t.data(), 1, t.size(), stderr); }
};

// Runs script text; a benchmark whose script fails is meaningless, so exit.
inline void run(rt::Interpreter& in, const std::string& code) {
  auto r = in.run_source("<bench>", code, rt::Interpreter::Mode::File);
  if (!r.ok()) {
    in.report(r);
    std::exit(1);
  }
}

// Baseline and measured runs alternate, in ABBA order after one untimed
// pair. The heap a run inherits moves a 100k-node timing by tens of percent
// (the first run on a fresh heap is the fastest of all, and later ones
// drift slower), so both sides must see the same sequence of heaps, and the
// ratio that counts is the median over pairs of measured/baseline: each
// pair's two runs saw neighbouring heaps, where the best of each side may
// come from different ones (one lucky baseline made a 5% overhead read as
// -12% or +24% across runs). BENCH_VERBOSE=1 prints every pair.
struct Pair {
  double base = 1e30, measured = 1e30;  // the best of each side
  std::vector<double> ratios;           // measured / baseline, pair by pair
  double ratio() const {
    std::vector<double> r = ratios;
    std::sort(r.begin(), r.end());
    size_t n = r.size();
    return n == 0 ? 0 : n % 2 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
  }
};
inline Pair paired(int reps, const std::function<void(bool measured)>& configure, const std::function<double()>& f) {
  Pair p;
  auto one = [&](bool measured) {
    configure(measured);
    return f();
  };
  one(false);
  one(true);
  for (int i = 0; i < reps; ++i) {
    bool measured_first = i % 2 == 1;
    double first = one(measured_first), second = one(!measured_first);
    double base = measured_first ? second : first, measured = measured_first ? first : second;
    if (getenv("BENCH_VERBOSE")) std::fprintf(stderr, "  base %.3f  measured %.3f\n", base, measured);
    p.base = std::min(p.base, base);
    p.measured = std::min(p.measured, measured);
    p.ratios.push_back(measured / base);
  }
  configure(false);
  return p;
}

// One line: the best baseline and measured times, the median paired ratio
// (the verdict) and the ratio of the bests (for comparison).
inline void print_paired(const std::string& what, const Pair& p, double target) {
  double ratio = p.ratio();
  std::printf("%-58s %7.3f s %7.3f s %6.3fx  (best/best %.3fx; target <= %.2fx: %s)\n", what.c_str(), p.base,
              p.measured, ratio, p.measured / p.base, target, ratio <= target ? "met" : "MISSED");
}

// A chain of `nodes` backward nodes (two per step: mul and sin) on the
// global `x`, ending in `loss`.
inline std::string chain_program(long nodes) {
  return fmt::format("h = x\nfor i in range({}):\n    h = (h * 1.0001).sin()\nloss = h.sum()\n", nodes / 2);
}

}  // namespace backstep::bench
