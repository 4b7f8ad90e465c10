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
#include "engine/api/install.h"
#include "engine/runtime/interpreter.h"
#include "tests/fuzz/big_stack.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

namespace rt = backstep::rt;

namespace {

constexpr auto kTimeCap = std::chrono::seconds(2);

class DiscardingSink : public rt::OutputSink {
 public:
  void out(std::string_view) override {}
  void err(std::string_view) override {}
};

// Interrupts `in` once kTimeCap has passed, unless destroyed first.
class Watchdog {
 public:
  explicit Watchdog(rt::Interpreter& in)
      : thread_([this, &in] {
          std::unique_lock<std::mutex> lock(mutex_);
          if (!cv_.wait_for(lock, kTimeCap, [this] { return done_; }))
            in.request_interrupt("fuzz time cap");
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

void run_program(std::string text) {
  DiscardingSink sink;
  rt::Interpreter in(sink);
  backstep::api::install_torch(in);
  rt::Interpreter::Outcome outcome;
  {
    Watchdog watchdog(in);
    outcome = in.run_source("<fuzz>.py", std::move(text), rt::Interpreter::Mode::File);
  }
  // Formatting the error (traceback, carets, chained exceptions) is part of
  // every failing run.
  in.report(outcome);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  backstep::fuzz::run_on_big_stack([&] { run_program(std::move(text)); });
  return 0;
}
