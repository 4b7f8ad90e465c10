// What interpreting costs per tensor operation.
//
// The same loop of tiny-tensor operations runs three ways in one process
// run: ATen called directly from C++, backstep interpreting the loop, and
// (when /usr/bin/python3 has torch) CPython. It prints microseconds per
// operation and the ratios, then the start-up time of `backstep run` on an
// empty program against a bare libtorch binary.
//
//   bench_op_overhead [ITERATIONS] [path/to/backstep] [path/to/bench_bare_libtorch]
#include "engine/api/install.h"
#include "engine/runtime/interpreter.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kOpsPerIteration = 4;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// c = a * b; d = c + a; e = d - b; f = e * c
double cpp_direct(int64_t n, bool requires_grad) {
  at::Tensor a = at::ones({2}).set_requires_grad(requires_grad);
  at::Tensor b = at::ones({2});
  auto t0 = Clock::now();
  for (int64_t i = 0; i < n; ++i) {
    at::Tensor c = a * b;
    at::Tensor d = c + a;
    at::Tensor e = d - b;
    at::Tensor f = e * c;
  }
  return seconds_since(t0);
}

class NullSink : public backstep::rt::OutputSink {
 public:
  void out(std::string_view) override {}
  void err(std::string_view t) override { std::fwrite(t.data(), 1, t.size(), stderr); }
};

std::string loop_program(bool requires_grad, const char* body) {
  return fmt::format(
      "import torch\n"
      "a = torch.ones(2, requires_grad={})\n"
      "b = torch.ones(2)\n"
      "def loop(n):\n"
      "    for i in range(n):\n"
      "{}"
      "loop(100)\n",
      requires_grad ? "True" : "False", body);
}

const char* kOpsBody =
    "        c = a * b\n"
    "        d = c + a\n"
    "        e = d - b\n"
    "        f = e * c\n";
const char* kEmptyBody = "        pass\n";

// One interpreter with the loop defined; each time() runs it once.
class BackstepLoop {
 public:
  BackstepLoop(bool requires_grad, const char* body) : in_(sink_) {
    backstep::api::install_torch(in_);
    auto setup = in_.run_source("<bench>", loop_program(requires_grad, body), backstep::rt::Interpreter::Mode::File);
    if (!setup.ok()) {
      in_.report(setup);
      std::exit(1);
    }
  }
  double time(int64_t n) {
    auto t0 = Clock::now();
    auto r = in_.run_source("<bench>", fmt::format("loop({})\n", n), backstep::rt::Interpreter::Mode::File);
    double t = seconds_since(t0);
    if (!r.ok()) std::exit(1);
    return t;
  }

 private:
  NullSink sink_;
  backstep::rt::Interpreter in_;
};

// CPython with torch, timing the same loop itself; negative when unavailable.
double cpython_loop(int64_t n, bool requires_grad) {
  std::string script = loop_program(requires_grad, kOpsBody) +
                       fmt::format("import time\nbest = 1e9\nfor _ in range(3):\n    t0 = time.perf_counter()\n"
                                   "    loop({})\n    best = min(best, time.perf_counter() - t0)\nprint(best)\n",
                                   n);
  std::string path = "/tmp/backstep_bench_loop.py";
  std::ofstream(path) << script;
  FILE* p = popen("OMP_NUM_THREADS=1 /usr/bin/python3 /tmp/backstep_bench_loop.py 2>/dev/null", "r");
  if (!p) return -1;
  double t = -1;
  if (std::fscanf(p, "%lf", &t) != 1) t = -1;
  pclose(p);
  return t;
}

// Median wall time of running a command `runs` times.
double median_run_seconds(const std::vector<std::string>& argv, int runs) {
  std::vector<double> times;
  for (int i = 0; i < runs + 1; ++i) {
    std::fflush(stdout);  // or the child would print our buffered output again
    auto t0 = Clock::now();
    pid_t pid = fork();
    if (pid == 0) {
      std::vector<char*> args;
      for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      std::freopen("/dev/null", "w", stdout);
      execv(args[0], args.data());
      _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (i > 0) times.push_back(seconds_since(t0));  // the first run warms the page cache
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int64_t n = argc > 1 ? std::atoll(argv[1]) : 20000;
  std::string backstep = argc > 2 ? argv[2] : "build/backstep";
  std::string bare = argc > 3 ? argv[3] : "build/bench/bench_bare_libtorch";
  at::set_num_threads(1);

  // C++ and backstep runs alternate (best of each): on a shared machine a
  // burst of load then hits both sides alike.
  constexpr int kReps = 7;
  std::printf("per-op cost of a loop of %lld x %d tiny-tensor operations (best of %d, alternating)\n",
              static_cast<long long>(n), kOpsPerIteration, kReps);
  std::printf("%-15s %10s %10s %10s %12s %12s %14s\n", "requires_grad", "C++ us/op", "backstep", "CPython",
              "backstep-C++", "target<=0.3", "backstep/CPy");
  double ops = static_cast<double>(n) * kOpsPerIteration;
  double empty_loop = 1e30;
  {
    BackstepLoop empty(false, kEmptyBody);
    for (int rep = 0; rep < 3; ++rep) empty_loop = std::min(empty_loop, empty.time(n) / ops);
  }
  for (bool rg : {false, true}) {
    BackstepLoop loop(rg, kOpsBody);
    double cpp = 1e30, bs = 1e30;
    for (int rep = 0; rep < kReps; ++rep) {
      cpp = std::min(cpp, cpp_direct(n, rg) / ops * 1e6);
      bs = std::min(bs, loop.time(n) / ops * 1e6);
    }
    double py = cpython_loop(n, rg);
    py = py > 0 ? py / ops * 1e6 : -1;
    std::printf("%-15s %10.3f %10.3f %10s %12.3f %12s %14s\n", rg ? "True" : "False", cpp, bs,
                py > 0 ? fmt::format("{:.3f}", py).c_str() : "n/a", bs - cpp, bs - cpp <= 0.3 ? "met" : "MISSED",
                py > 0 ? fmt::format("{:.2f}x", bs / py).c_str() : "n/a");
  }
  std::printf("(the interpreted loop itself costs %.3f us per op slot: `for` + `pass`)\n", empty_loop * 1e6);

  std::string empty = "/tmp/backstep_bench_empty.py";
  std::ofstream(empty) << "\n";
  double t_backstep = median_run_seconds({backstep, "run", empty}, 5);
  double t_bare = median_run_seconds({bare}, 5);
  std::printf("\nstart-up, median of 5: backstep run empty.py %.3f s, bare libtorch binary %.3f s, ratio %.2fx\n",
              t_backstep, t_bare, t_backstep / t_bare);
  return 0;
}
