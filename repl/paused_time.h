// Time the program spends paused at an interactive prompt (breakpoint(),
// a backward or forward pause), for --timeout: a limit on how long the
// program runs must not run out while a person reads its variables.
// Note [--timeout does not count time at a prompt] in paused_time.cpp.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace backstep::repl::paused_time {

using Clock = std::chrono::steady_clock;

// Marks the program as paused while it lives (nested scopes count once).
class Scope {
 public:
  Scope();
  ~Scope();
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;
};

// How long the program has been paused since the process started, a
// pause still under way included up to `now`.
Clock::duration total(Clock::time_point now);

// Waits, on `cv` with `lock` held, until `running` of time not paused has
// passed since `since` or `stop()` holds. True when `stop()` ended it.
bool wait_running(std::condition_variable& cv, std::unique_lock<std::mutex>& lock, Clock::time_point since,
                  Clock::duration running, const std::function<bool()>& stop);

}  // namespace backstep::repl::paused_time
