#include "viz/progress.h"

namespace backstep::viz {

namespace {
constexpr std::chrono::milliseconds kInterval{500};
}  // namespace

ProgressReporter::ProgressReporter(ProgressCallback callback, std::chrono::milliseconds quiet_period)
    : callback_(std::move(callback)), start_(std::chrono::steady_clock::now()), quiet_period_(quiet_period) {
  if (callback_) thread_ = std::thread([this] { watch(); });
}

ProgressReporter::~ProgressReporter() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void ProgressReporter::stage(std::string text) {
  std::lock_guard<std::mutex> lock(mutex_);
  stage_ = std::move(text);
}

double ProgressReporter::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressReporter::watch() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (wake_.wait_until(lock, start_ + quiet_period_, [this] { return stopping_; })) return;
  while (true) {
    ProgressEvent event{stage_, elapsed(), stopping_};
    lock.unlock();
    try {
      callback_(event);
    } catch (...) {
      // A failing progress display must not take the render down with it.
    }
    lock.lock();
    if (event.finished) return;
    wake_.wait_for(lock, kInterval, [this] { return stopping_; });
  }
}

}  // namespace backstep::viz
