// Progress for renders that take a while: a helper thread that stays quiet
// for the first second (most renders finish before), then reports the
// current stage every half second until the render ends.
#pragma once

#include "viz/render_options.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace backstep::viz {

class ProgressReporter {
 public:
  // Quiet for `quiet_period` (a second for renders; tests pass a shorter one).
  explicit ProgressReporter(ProgressCallback callback,
                            std::chrono::milliseconds quiet_period = std::chrono::milliseconds(1000));
  ~ProgressReporter();  // reports `finished` if it reported anything
  ProgressReporter(const ProgressReporter&) = delete;
  ProgressReporter& operator=(const ProgressReporter&) = delete;

  void stage(std::string text);
  double elapsed() const;

 private:
  void watch();

  ProgressCallback callback_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::milliseconds quiet_period_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::string stage_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace backstep::viz
