#include "engine/autograd/backward_interrupt.h"

#include <torch/csrc/autograd/graph_task.h>

#include <pthread.h>
#include <semaphore.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace backstep::autograd {

namespace ag = torch::autograd;

namespace {

// interrupt_backwards() calls so far. The only state a signal handler
// touches besides the semaphore, hence lock-free.
std::atomic<uint64_t> g_requests{0};
static_assert(std::atomic<uint64_t>::is_always_lock_free);
std::atomic<bool> g_enabled{true};
std::atomic<uint64_t> g_relayed{0};

// The relay's wake-up call. Initialised before main, so before any signal
// handler can post it; never destroyed (the relay waits on it until exit).
struct WakeUp {
  sem_t sem{};
  WakeUp() { sem_init(&sem, 0, 0); }
};
WakeUp& wake_up() {
  static WakeUp* w = new WakeUp;
  return *w;
}
[[maybe_unused]] WakeUp& g_wake_up_made_before_main = wake_up();

thread_local const InterruptibleBackward* t_scope = nullptr;

struct Running {
  ag::GraphTask* task;
  uint64_t requests_at_start;
};

// The graph tasks of interruptible backwards now running (any thread).
struct Registry {
  std::mutex mutex;
  std::vector<Running> running;
};
Registry& registry() {
  static Registry* r = new Registry;  // the relay may use it until exit
  return *r;
}

// Fails a running graph task as libtorch fails one whose node threw: this
// is GraphTask::set_exception for no node, which libtorch_cpu does not
// export. It relies on graph_task.h's public fields: has_error_ (nodes still
// queued are skipped), future_completed_ (whoever exchanges it first
// completes future_result_; the engine's own completion path does the same
// exchange, so the two never both complete it) and future_result_ (the
// engine's loop in thread_main ends once it is completed, and
// Engine::execute rethrows its error).
void fail(ag::GraphTask& task) {
  task.has_error_.store(true);
  if (!task.future_completed_.exchange(true))
    task.future_result_->setError(std::make_exception_ptr(BackwardInterrupted()));
}

[[noreturn]] void relay() {
  for (;;) {
    while (sem_wait(&wake_up().sem) != 0) {
    }
    uint64_t requests = g_requests.load();
    Registry& r = registry();
    {
      std::lock_guard<std::mutex> lock(r.mutex);
      for (const Running& e : r.running)
        if (e.requests_at_start < requests) fail(*e.task);
    }
    g_relayed.fetch_add(1);
  }
}

// Started with the first interruptible backward, with every signal blocked:
// Ctrl-C belongs to the thread that reads the prompt (repl/signals.cpp).
void start_relay() {
  static std::once_flag once;
  std::call_once(once, [] {
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    try {
      std::thread(relay).detach();
    } catch (const std::system_error&) {
      // No thread to be had: backwards run to the end, as without this.
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
  });
}

void unregister(ag::GraphTask* task) {
  Registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = std::find_if(r.running.rbegin(), r.running.rend(), [&](const Running& e) { return e.task == task; });
  if (it != r.running.rend()) r.running.erase(std::next(it).base());
}

}  // namespace

InterruptibleBackward::InterruptibleBackward() : requests_at_start_(g_requests.load()), outer_(t_scope) {
  t_scope = this;
}

InterruptibleBackward::~InterruptibleBackward() { t_scope = outer_; }

void interrupt_backwards() {
  g_requests.fetch_add(1);
  sem_post(&wake_up().sem);  // async-signal-safe (POSIX)
}

void set_backward_interrupts_enabled(bool enabled) { g_enabled.store(enabled); }

uint64_t interrupt_requests_relayed() { return g_relayed.load(); }

RegisteredGraphTask::RegisteredGraphTask(ag::GraphTask& task) {
  const InterruptibleBackward* scope = t_scope;
  if (!scope || !g_enabled.load(std::memory_order_relaxed)) return;
  start_relay();
  {
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.running.push_back({&task, scope->requests_at_start()});
  }
  // A request between the scope opening and the line above found nothing
  // to fail: it is answered here.
  if (g_requests.load() != scope->requests_at_start()) {
    unregister(&task);
    throw BackwardInterrupted();
  }
  task_ = &task;
}

RegisteredGraphTask::~RegisteredGraphTask() {
  if (task_) unregister(task_);
}

}  // namespace backstep::autograd
