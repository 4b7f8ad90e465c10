#include "repl/paused_time.h"

#include <algorithm>

namespace backstep::repl::paused_time {

// Note [--timeout does not count time at a prompt]
// `backstep run --timeout N` bounds how long the program runs, for CI. A
// breakpoint() left in the program opens the debugger's prompt when run at
// a terminal; the minutes a person spends there are not the program's, so
// they must not count (gdb's and timeout(1)'s clocks stop while a process is
// stopped, too). Shell::run_nested, the one loop of every paused prompt,
// holds a Scope; the watchdog asks how long the program was paused and
// moves its deadline by that much. While a pause lasts it looks again every
// 100 ms (nothing here wakes it: a pause is rare and the cost nil).
namespace {

std::mutex mutex;
int depth = 0;                       // nested scopes (a pause inside a pause)
Clock::time_point paused_since;      // valid while depth > 0
Clock::duration paused_before{0};    // the pauses that ended

}  // namespace

Scope::Scope() {
  std::lock_guard<std::mutex> lock(mutex);
  if (depth++ == 0) paused_since = Clock::now();
}

Scope::~Scope() {
  std::lock_guard<std::mutex> lock(mutex);
  if (--depth == 0) paused_before += Clock::now() - paused_since;
}

namespace {

// total() and whether a pause is under way, read together.
Clock::duration read(Clock::time_point now, bool* paused) {
  std::lock_guard<std::mutex> lock(mutex);
  *paused = depth > 0;
  return paused_before + (depth > 0 ? now - paused_since : Clock::duration{0});
}

}  // namespace

Clock::duration total(Clock::time_point now) {
  bool paused = false;
  return read(now, &paused);
}

bool wait_running(std::condition_variable& cv, std::unique_lock<std::mutex>& lock, Clock::time_point since,
                  Clock::duration running, const std::function<bool()>& stop) {
  Clock::duration paused_at_start = total(since);
  for (;;) {
    Clock::time_point now = Clock::now();
    bool paused = false;
    Clock::duration ran = now - since - (read(now, &paused) - paused_at_start);
    Clock::duration wait = paused ? std::chrono::milliseconds(100) : running - ran;
    if (!paused && wait <= Clock::duration::zero()) return stop();
    if (cv.wait_for(lock, wait, stop)) return true;
  }
}

}  // namespace backstep::repl::paused_time
