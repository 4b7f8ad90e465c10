#include "engine/debug/engine_workers.h"

namespace backstep::debug {

EngineWorkers::~EngineWorkers() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& w : workers_) w->thread.join();
}

void EngineWorkers::start(std::function<void()> job) {
  std::unique_lock<std::mutex> lock(mutex_);
  Worker* idle = nullptr;
  for (auto& w : workers_)
    if (!w->job) {
      idle = w.get();
      break;
    }
  if (!idle) {
    workers_.push_back(std::make_unique<Worker>());
    idle = workers_.back().get();
    idle->job = std::move(job);
    idle->thread = std::thread([this, idle] { loop(*idle); });
    return;
  }
  idle->job = std::move(job);
  lock.unlock();
  wake_.notify_all();  // one condition for all workers: each checks its own slot
}

size_t EngineWorkers::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return workers_.size();
}

void EngineWorkers::loop(Worker& w) {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return w.job || stopping_; });
    if (!w.job) return;  // stopping, nothing left to run
    std::function<void()> job = w.job;
    lock.unlock();
    job();
    job = nullptr;  // whatever it holds goes before the worker is marked idle
    lock.lock();
    w.job = nullptr;
  }
}

}  // namespace backstep::debug
