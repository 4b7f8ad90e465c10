#include "engine/regex/interrupt.h"

#include <utility>

namespace backstep::regex {
namespace {

thread_local std::function<void()> current_hook;

}  // namespace

InterruptScope::InterruptScope(std::function<void()> hook) : previous_(std::move(current_hook)) {
  current_hook = std::move(hook);
}

InterruptScope::~InterruptScope() { current_hook = std::move(previous_); }

void poll_interrupt() {
  if (current_hook) current_hook();
}

}  // namespace backstep::regex
