// Threads that run the engine for watched backwards (see debugger.h: the
// backward runs on a worker while the interpreter thread serves pauses and
// script hooks).
//
// Workers outlive a backward: a thread per backward cost its start-up and
// gave every backward a cold thread (an empty allocator cache, a new
// engine ready queue). A backward started from a hook while another runs
// takes a second worker, so there are as many as backwards nest.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace backstep::debug {

class EngineWorkers {
 public:
  EngineWorkers() = default;
  ~EngineWorkers();  // waits for running jobs, then joins every worker
  EngineWorkers(const EngineWorkers&) = delete;
  EngineWorkers& operator=(const EngineWorkers&) = delete;

  // Starts `job` on an idle worker (a new one when all are busy) and
  // returns at once; the job tells its caller when it is done.
  void start(std::function<void()> job);
  size_t size() const;

 private:
  struct Worker {
    std::thread thread;
    std::function<void()> job;  // empty while idle
  };
  void loop(Worker& w);

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<std::unique_ptr<Worker>> workers_;
  bool stopping_ = false;
};

}  // namespace backstep::debug
