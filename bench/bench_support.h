// What the in-process benchmarks share: a clock, an output sink that drops
// the program's output (errors still show), running script text, and the
// chain of backward nodes most of them time.
#pragma once

#include "engine/runtime/interpreter.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

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

// A chain of `nodes` backward nodes (two per step: mul and sin) on the
// global `x`, ending in `loss`.
inline std::string chain_program(long nodes) {
  return fmt::format("h = x\nfor i in range({}):\n    h = (h * 1.0001).sin()\nloss = h.sum()\n", nodes / 2);
}

}  // namespace backstep::bench
