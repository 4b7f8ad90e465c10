#include "repl/signals.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <pthread.h>
#include <unistd.h>

namespace backstep::repl::sigint {
namespace {

// Everything the handler touches is a lock-free atomic (checked below), the
// only kind of shared state a signal handler may use.
std::atomic<bool> g_pressed{false};
std::atomic<int> g_phase{static_cast<int>(Phase::Reading)};
std::atomic<InterruptFn> g_target{nullptr};
std::atomic<void*> g_context{nullptr};
// Ctrl-C presses during one run. A long ATen call cannot be interrupted
// (the interpreter only checks between statements and calls), so a third
// press gives up and ends the process the way an unhandled SIGINT would.
std::atomic<int> g_presses_while_running{0};
constexpr int kForceQuitPresses = 3;

static_assert(std::atomic<bool>::is_always_lock_free);
static_assert(std::atomic<int>::is_always_lock_free);
static_assert(std::atomic<InterruptFn>::is_always_lock_free);
static_assert(std::atomic<void*>::is_always_lock_free);

void force_quit() {
  static const char msg[] = "\nbackstep: interrupted 3 times while running; quitting\n";
  ssize_t ignored = write(STDERR_FILENO, msg, sizeof msg - 1);
  (void)ignored;
  std::signal(SIGINT, SIG_DFL);  // both are async-signal-safe
  std::raise(SIGINT);
}

// The thread that reads the prompt. A process-directed SIGINT may be
// delivered to any thread that does not block it, and libtorch starts
// threads of its own (intra-op pool, autograd workers); only a signal taken
// on this thread makes its blocking read() fail with EINTR.
pthread_t g_main_thread;

void handle_on_main_thread() {
  g_pressed.store(true);
  if (g_phase.load() != static_cast<int>(Phase::Running)) return;
  if (g_presses_while_running.fetch_add(1) + 1 >= kForceQuitPresses) force_quit();
  InterruptFn fn = g_target.load();
  if (fn) fn(g_context.load());
}

extern "C" void on_sigint(int) {
  int saved_errno = errno;  // the interrupted code may be about to read errno
  if (pthread_equal(pthread_self(), g_main_thread)) {
    handle_on_main_thread();
  } else {
    pthread_kill(g_main_thread, SIGINT);  // async-signal-safe (POSIX.1-2008 TC1)
  }
  errno = saved_errno;
}

}  // namespace

void install() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  g_main_thread = pthread_self();
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: see the header
  sigaction(SIGINT, &sa, nullptr);
}

void set_target(InterruptFn fn, void* context) {
  // Context first: the handler loads the function, then the context.
  g_context.store(context);
  g_target.store(fn);
}

void set_phase(Phase p) {
  if (p == Phase::Running) g_presses_while_running.store(0);
  g_phase.store(static_cast<int>(p));
}

bool take_pressed() { return g_pressed.exchange(false); }

bool pressed() { return g_pressed.load(); }

Phase phase() { return static_cast<Phase>(g_phase.load()); }

}  // namespace backstep::repl::sigint
