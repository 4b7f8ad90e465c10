#include "engine/debug/log_thread.h"

namespace backstep::debug {

namespace {
constexpr size_t kMostQueued = 8;  // batches
}

LogThread::LogThread(std::unique_ptr<files::AtomicFile> file) : file_(std::move(file)), thread_([this] { loop(); }) {}

LogThread::~LogThread() { close(); }

std::string LogThread::close() {
  if (closed_) return close_error_;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
  closed_ = true;
  close_error_ = file_->commit();
  return close_error_;
}

void LogThread::post(LogBatch batch) {
  std::unique_lock<std::mutex> lock(mutex_);
  progress_.wait(lock, [&] { return queue_.size() < kMostQueued; });
  queue_.push_back(std::move(batch));
  lock.unlock();
  wake_.notify_all();
}

void LogThread::drain() {
  std::unique_lock<std::mutex> lock(mutex_);
  progress_.wait(lock, [&] { return queue_.empty() && !writing_; });
}

void LogThread::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return !queue_.empty() || stopping_; });
    if (queue_.empty()) return;  // stopping, and everything is written
    LogBatch batch = std::move(queue_.front());
    queue_.pop_front();
    writing_ = true;
    lock.unlock();
    progress_.notify_all();  // room in the queue
    write(batch);
    lock.lock();
    writing_ = false;
    progress_.notify_all();
  }
}

void LogThread::write(const LogBatch& batch) {
  if (batch.run->number != writer_run_) {  // node names are numbered per backward
    writer_ = LogLineWriter();
    writer_.set_step_text(batch.step_text);
    writer_run_ = batch.run->number;
  }
  text_.clear();
  for (const NodeRecord& r : batch.records)
    writer_.append(text_, r.name_index, batch.run->name_of(r), r.id, r.origin, batch.summaries.data() + r.in_first,
                   r.in_count);
  file_->write(text_);  // the first failure is kept for close()
}

}  // namespace backstep::debug
