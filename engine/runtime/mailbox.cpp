// Work posted to the interpreter thread by other threads.
//
// Why: libtorch may run backward functions, and so the hooks a script
// registered, on a thread other than the one that runs the script (the
// debugger runs every backward on a worker so it can pause it). Script code
// must run on one thread only -- the interpreter's data structures are not
// thread-safe, and grad mode and other libtorch settings are thread-local --
// so a hook call is posted here and the engine thread waits for its result.
#include "engine/runtime/mailbox.h"

#include <exception>
#include <future>

namespace backstep::rt {

void Interpreter::run_on_interpreter_thread(const std::function<void()>& work) {
  if (on_interpreter_thread()) {
    work();
    return;
  }
  std::promise<void> done;
  auto result = done.get_future();
  {
    std::lock_guard<std::mutex> lock(mailbox_->mutex);
    mailbox_->work.emplace_back([&work, &done] {
      try {
        work();
        done.set_value();
      } catch (...) {
        done.set_exception(std::current_exception());
      }
    });
  }
  mailbox_->wake.notify_all();
  result.get();  // rethrows the script's exception on this (the engine's) thread
}

void Interpreter::pump_until(const std::function<bool()>& finished) {
  std::unique_lock<std::mutex> lock(mailbox_->mutex);
  while (true) {
    while (!mailbox_->work.empty()) {
      auto item = std::move(mailbox_->work.front());
      mailbox_->work.pop_front();
      lock.unlock();
      item();
      lock.lock();
    }
    if (finished()) return;
    uint64_t seen = mailbox_->notifications;
    mailbox_->wake.wait(lock, [&] { return !mailbox_->work.empty() || mailbox_->notifications != seen; });
  }
}

void Interpreter::notify() {
  {
    std::lock_guard<std::mutex> lock(mailbox_->mutex);
    ++mailbox_->notifications;
  }
  mailbox_->wake.notify_all();
}

}  // namespace backstep::rt
