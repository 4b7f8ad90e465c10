// libFuzzer target: the whole interpreter, torch included. Each input is a
// small program run in a fresh interpreter (as `backstep run` does), with
// its output thrown away. Limits per input (docs/fuzzing.md):
//  - time: a watchdog asks the interpreter to stop after kTimeCap, as
//    `--timeout` does; libFuzzer's -timeout (scripts/fuzz: a few times
//    kTimeCap) reports a program the interrupt did not stop;
//  - memory: libFuzzer's -rss_limit_mb and -malloc_limit_mb;
//  - the interpreter's own: the recursion limit, nesting limits.
// Each input runs on a thread of its own with a 256 MB stack (big_stack.h,
// Note [stack under ASan]).
// A crash, sanitizer report or exception escaping run_source is a bug: a
// program must always end in its output or a Python exception.
// Leaks: LeakSanitizer cannot see a reference cycle (its objects stay
// linked into the cycle collector's lists), so after each input the objects
// the collector still tracks are compared with those before it: a session
// that ends leaves none of its objects behind (Note [the end of a session]
// in gc_exit.cpp), and one left over is reported as a leak.
#include "engine/api/install.h"
#include "engine/runtime/gc.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"
#include "tests/fuzz/big_stack.h"

#include <sanitizer/lsan_interface.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_set>

namespace rt = backstep::rt;

namespace {

constexpr auto kTimeCap = std::chrono::seconds(2);

class DiscardingSink : public rt::OutputSink {
 public:
  void out(std::string_view) override {}
  void err(std::string_view) override {}
};

// Interrupts `in` once kTimeCap has passed, unless destroyed first; sets
// `fired` when it did (read after the destructor joined the thread).
class Watchdog {
 public:
  Watchdog(rt::Interpreter& in, bool& fired)
      : thread_([this, &in, &fired] {
          std::unique_lock<std::mutex> lock(mutex_);
          if (!cv_.wait_for(lock, kTimeCap, [this] { return done_; })) {
            fired = true;
            in.request_interrupt("fuzz time cap");
          }
        }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    cv_.notify_one();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

// Returns whether the time cap cut the program short.
bool run_program(std::string text) {
  DiscardingSink sink;
  rt::Interpreter in(sink);
  backstep::api::install_torch(in);
  rt::Interpreter::Outcome outcome;
  bool capped = false;
  {
    Watchdog watchdog(in, capped);
    outcome = in.run_source("<fuzz>.py", std::move(text), rt::Interpreter::Mode::File);
  }
  // Formatting the error (traceback, carets, chained exceptions) is part of
  // every failing run.
  in.report(outcome);
  return capped;
}

std::unordered_set<const void*> tracked_objects() {
  std::unordered_set<const void*> out;
  for (const rt::Value& v : rt::gc_objects(-1)) out.insert(v.object_ptr());
  return out;
}

std::vector<rt::Value> leftovers(const std::unordered_set<const void*>& before) {
  std::vector<rt::Value> left;
  for (const rt::Value& v : rt::gc_objects(-1))
    if (!before.count(v.object_ptr())) left.push_back(v);
  return left;
}

// Note [libtorch's own cycles under the fuzzer]
// backward(create_graph=True) leaves a cycle of C++ references inside
// libtorch (each leaf's .grad has a graph whose AccumulateGrad holds the
// leaf; PyTorch warns of it), which LeakSanitizer reports at the end of the
// input. The test suites turn LeakSanitizer off for exactly the programs
// that do this (tests/sanitizers/libtorch_cycles.txt); the fuzzer's inputs
// are mutants, so here the marker is the call itself: what such an input
// allocates (on the program's own thread: LeakSanitizer's switch is per
// thread) is not leak-checked. The collector's leftover check still runs.
bool makes_libtorch_cycles(const std::string& text) {
  return text.find("create_graph=True") != std::string::npos;
}

// True when the time cap stopped the program (as run_program).
bool run_program_checked(const std::string& text) {
  if (!makes_libtorch_cycles(text)) return run_program(text);
  __lsan_disable();
  bool capped = run_program(text);
  __lsan_enable();
  return capped;
}

// Aborts (a crash libFuzzer keeps) when the session left tracked objects.
// What the first use of a feature makes for the whole process (the builtin
// classes' namespaces, a type made on first import) is not a leak: an
// input that leaves objects is run again, and only what a second run
// leaves too is reported.
// Counted, not compared by identity: a session may replace an object the
// process keeps (a method a session installs on a builtin class again).
//
// Note [the time cap and the leak check]
// The second run only tells a leak from a first use when it runs what the
// first ran. A run the time cap stops does not: the cap fires at whatever
// point the clock reached, and the second run, with the first's imports
// already parsed, is faster and gets further -- into classes and lazily
// made builtin types (islice_base's namespace, empty namespaces of library
// classes) the first never reached, which the process keeps. So the verdict
// is given only when neither run was cut short. (The interpreter fuzz
// finding: bad input 55, about 2.2 s per run under ASan on a busy machine,
// was reported as 5 objects; run to the end, or interrupted anywhere after
// one complete run, it leaves none.)
void run_checking_leftovers(const std::string& text) {
  bool capped = false;
  auto before = tracked_objects();
  backstep::fuzz::run_on_big_stack([&] { capped = run_program_checked(text); });
  if (rt::gc_objects(-1).size() <= before.size()) return;
  before = tracked_objects();
  backstep::fuzz::run_on_big_stack([&] { capped = run_program_checked(text) || capped; });
  if (capped || rt::gc_objects(-1).size() <= before.size()) return;
  std::vector<rt::Value> left = leftovers(before);
  std::fprintf(stderr, "==fuzz_interpreter== LEAK: %zu object(s) the cycle collector tracks outlived the session:\n",
               left.size());
  for (size_t i = 0; i < left.size() && i < 20; ++i)
    std::fprintf(stderr, "  %s at %p\n", rt::type_name(left[i]).c_str(), left[i].object_ptr());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  run_checking_leftovers(std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}
