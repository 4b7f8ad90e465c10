#include "engine/runtime/stack_guard.h"
#include "engine/runtime/sanitizer_build.h"

#include <pthread.h>
#include <sys/resource.h>

namespace backstep::rt {
namespace {
// Room kept below the floor for what runs after a check fails: building the
// RecursionError, unwinding, formatting the traceback. Sanitizer frames are
// several times larger.
#if defined(BACKSTEP_ASAN) || defined(BACKSTEP_TSAN)
constexpr size_t kReserve = size_t(2) << 20;
#else
constexpr size_t kReserve = size_t(512) << 10;
#endif
thread_local const char* floor_ = nullptr;
}  // namespace

const char* stack_floor() { return floor_; }
void set_stack_floor(const char* floor) { floor_ = floor; }
const char* floor_for_stack(const void* lowest) { return static_cast<const char*>(lowest) + kReserve; }

void reserve_main_stack(size_t bytes) {
  rlimit limit{};
  if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= bytes) return;
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < bytes) bytes = limit.rlim_max;
  limit.rlim_cur = bytes;
  setrlimit(RLIMIT_STACK, &limit);
}

void install_main_stack_floor() {
  // glibc reports the main thread's stack from the current RLIMIT_STACK
  // and the mapping below it, so this runs after reserve_main_stack.
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
  void* lowest = nullptr;
  size_t size = 0;
  if (pthread_attr_getstack(&attr, &lowest, &size) == 0 && size > 2 * kReserve) floor_ = floor_for_stack(lowest);
  pthread_attr_destroy(&attr);
}

}  // namespace backstep::rt
