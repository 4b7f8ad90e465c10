// Internal: the Interpreter's mailbox type, so its destructor can see it.
#pragma once

#include "engine/runtime/interpreter.h"

#include <condition_variable>
#include <atomic>
#include <deque>
#include <mutex>

namespace backstep::rt {

struct Interpreter::Mailbox {
  std::mutex mutex;
  std::condition_variable wake;  // work arrived or notify(): for the interpreter thread
  std::condition_variable done;  // posted work finished: for the posting thread
  std::deque<std::function<void()>> work;
  std::atomic<bool> pending{false};  // work is queued (read without the lock, for spinning)
  uint64_t notifications = 0;
};

}  // namespace backstep::rt
