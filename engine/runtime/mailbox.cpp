// Work posted to the interpreter thread by other threads.
//
// Why: libtorch may run backward functions, and so the hooks a script
// registered, on a thread other than the one that runs the script (the
// debugger runs every backward on a worker so it can pause it). Script code
// must run on one thread only -- the interpreter's data structures are not
// thread-safe, and grad mode and other libtorch settings are thread-local --
// so a hook call is posted here and the engine thread waits for its result.
#include "engine/runtime/mailbox.h"
#include "engine/runtime/gc.h"

#include <exception>
#include <atomic>
#include <thread>

namespace backstep::rt {

void Interpreter::run_on_interpreter_thread(const std::function<void()>& work) {
  if (on_interpreter_thread()) {
    work();
    return;
  }
  std::atomic<bool> finished{false};
  std::exception_ptr error;
  {
    std::lock_guard<std::mutex> lock(mailbox_->mutex);
    mailbox_->pending.store(true, std::memory_order_release);
    mailbox_->work.emplace_back([&work, &finished, &error] {
      try {
        work();
      } catch (...) {
        error = std::current_exception();
      }
      finished.store(true, std::memory_order_release);
    });
    mailbox_->wake.notify_all();  // Note [Notifying under the lock]
  }
  // A hand-off is usually short (a hook, a pause the user ends): spin a
  // little before sleeping, so stepping node by node stays quick.
  for (int i = 0; i < 20000 && !finished.load(std::memory_order_acquire); ++i) std::this_thread::yield();
  if (!finished.load(std::memory_order_acquire)) {
    std::unique_lock<std::mutex> lock(mailbox_->mutex);
    mailbox_->done.wait(lock, [&] { return finished.load(std::memory_order_acquire); });
  }
  if (error) std::rethrow_exception(error);  // the script's exception, on this (the engine's) thread
}

void Interpreter::pump_until(const std::function<bool()>& finished) {
  GcHold hold;  // a worker is running: Note [collections and other threads] in gc.h
  std::unique_lock<std::mutex> lock(mailbox_->mutex);
  while (true) {
    while (!mailbox_->work.empty()) {
      auto item = std::move(mailbox_->work.front());
      mailbox_->work.pop_front();
      if (mailbox_->work.empty()) mailbox_->pending.store(false, std::memory_order_release);
      lock.unlock();
      item();
      lock.lock();
      mailbox_->done.notify_all();  // the poster may be asleep by now
    }
    if (finished()) return;
    uint64_t seen = mailbox_->notifications;
    // Stepping posts one pause per node: right after one, the next is
    // likely close; spin briefly before sleeping.
    lock.unlock();
    for (int i = 0; i < 2000; ++i) {
      std::this_thread::yield();
      if (mailbox_->pending.load(std::memory_order_acquire)) break;
    }
    lock.lock();
    mailbox_->wake.wait(lock, [&] { return !mailbox_->work.empty() || mailbox_->notifications != seen; });
  }
}

// Note [Notifying under the lock]: a worker's last notify() is what lets the
// interpreter thread finish the backward, return, and possibly destroy this
// Interpreter and its mailbox. Broadcasting after unlocking would let that
// happen while the worker is still inside notify_all on the condition
// variable (ThreadSanitizer found it: a data race on the destroyed condvar).
// Broadcasting under the mutex cannot: the woken thread needs the mutex back
// before it can leave wait(), so the worker is done with the mailbox first.
void Interpreter::notify() {
  std::lock_guard<std::mutex> lock(mailbox_->mutex);
  ++mailbox_->notifications;
  mailbox_->wake.notify_all();
}

}  // namespace backstep::rt
