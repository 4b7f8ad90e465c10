// Interrupting a long match. A pattern can backtrack for longer than anyone
// will wait ((x+x+)+y on a few dozen x's), and CPython lets Ctrl-C stop it;
// so the matcher calls the hook installed on its thread now and then, and
// the hook may throw (the interpreter raises KeyboardInterrupt or its
// time-out there). The matcher's state is rebuilt on every run, so an
// exception leaves nothing half-done.
#pragma once

#include <functional>

namespace backstep::regex {

// Installs `hook` on this thread for the scope's lifetime (scopes nest).
class InterruptScope {
 public:
  explicit InterruptScope(std::function<void()> hook);
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

 private:
  std::function<void()> previous_;
};

// Calls this thread's hook, if any (the matcher, every few thousand steps).
void poll_interrupt();

}  // namespace backstep::regex
