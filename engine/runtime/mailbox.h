// Internal: the Interpreter's mailbox type, so its destructor can see it.
#pragma once

#include "engine/runtime/interpreter.h"

#include <condition_variable>
#include <deque>
#include <mutex>

namespace backstep::rt {

struct Interpreter::Mailbox {
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::function<void()>> work;
  uint64_t notifications = 0;
};

}  // namespace backstep::rt
