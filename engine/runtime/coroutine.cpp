#include "engine/runtime/coroutine.h"
#include "engine/runtime/sanitizer_build.h"
#include "engine/runtime/stack_guard.h"

#include <cxxabi.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <vector>

#if defined(BACKSTEP_ASAN)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>
#endif
#if defined(BACKSTEP_TSAN)
#include <sanitizer/tsan_interface.h>
#endif

extern "C" void backstep_switch_stack(void** save_sp, void* load_sp);
extern "C" void backstep_coroutine_trampoline();
extern "C" void backstep_coroutine_main(void* co);

namespace backstep::rt {

namespace {

constexpr size_t kStackSize = size_t(8) << 20;  // as deep as the main thread's
constexpr size_t kGuard = 64 << 10;             // unmapped below the stack: overflow faults
constexpr size_t kPooled = 32;                  // finished stacks kept for reuse
constexpr size_t kKeepTouched = 256 << 10;      // pages kept when a stack goes back to the pool

std::mutex& pool_mutex() {
  static std::mutex m;
  return m;
}
std::vector<std::pair<void*, size_t>>& pool() {
  static auto* p = new std::vector<std::pair<void*, size_t>>();
  return *p;
}

// The C++ runtime's per-thread exception state (libstdc++/libsupc++ ABI).
struct EhGlobals {
  void* caught;
  unsigned int uncaught;
};
EhGlobals* eh_globals() { return reinterpret_cast<EhGlobals*>(abi::__cxa_get_globals()); }

}  // namespace

// Note [sanitizers and stack switching]
// AddressSanitizer and ThreadSanitizer track each thread's stack. A switch
// they are not told about makes ASan misjudge the frames an exception
// unwinds (false stack-buffer-overflow reports) and makes TSan mix two call
// stacks. Sanitizer builds (cmake/Sanitizers.cmake) announce every switch
// through their fiber interfaces; the release build compiles none of it.
//  - ASan: __sanitizer_start_switch_fiber before leaving a stack (with no
//    save slot when the body's stack is done for good), and
//    __sanitizer_finish_switch_fiber on arriving, which also tells the body
//    where resume()'s stack is. A pooled stack's shadow is cleared: the
//    frames of the body that last ran there never returned.
//  - LeakSanitizer scans thread stacks, not our mmap'd ones: a suspended
//    generator's frame holds values only from its own stack, so each stack
//    is registered as a root region while it is mapped.
//  - TSan: one fiber per body, switched to before each stack switch.

Coroutine::Stack Coroutine::take_stack() {
  {
    std::lock_guard<std::mutex> lock(pool_mutex());
    if (!pool().empty()) {
      auto [base, size] = pool().back();
      pool().pop_back();
#if defined(BACKSTEP_ASAN)
      ASAN_UNPOISON_MEMORY_REGION(static_cast<char*>(base) + kGuard, size - kGuard);
#endif
      return Stack{base, size};
    }
  }
  size_t total = kStackSize + kGuard;
  void* p = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  mprotect(p, kGuard, PROT_NONE);
#if defined(BACKSTEP_ASAN)
  __lsan_register_root_region(static_cast<char*>(p) + kGuard, kStackSize);
#endif
  return Stack{p, total};
}

void Coroutine::give_back(Stack s) {
  if (!s.base) return;
  // Let the kernel take back what a deep recursion touched, keeping the top.
  auto* hi = static_cast<char*>(s.base) + s.size;
  size_t release = s.size - kGuard - kKeepTouched;
  madvise(hi - kKeepTouched - release, release, MADV_DONTNEED);
  std::lock_guard<std::mutex> lock(pool_mutex());
  if (pool().size() < kPooled) {
    pool().emplace_back(s.base, s.size);
    return;
  }
#if defined(BACKSTEP_ASAN)
  __lsan_unregister_root_region(static_cast<char*>(s.base) + kGuard, kStackSize);
#endif
  munmap(s.base, s.size);
}

Coroutine::Coroutine(Body body) : body_(std::move(body)) {}

Coroutine::~Coroutine() {
  // A suspended body still has C++ frames on its stack; its owner unwinds
  // them before letting go (see generator.cpp). Reaching here otherwise
  // would leak what those frames hold, so the stack is not reused.
  if (started_ && !finished_) return;
  give_back(stack_);
}

void Coroutine::switch_in() {
  // Note [The native stack guard]: the body checks against its own stack.
  const char* caller_floor = stack_floor();
  set_stack_floor(floor_for_stack(static_cast<char*>(stack_.base) + kGuard));
  EhGlobals* g = eh_globals();
  std::swap(g->caught, reinterpret_cast<void*&>(saved_caught_));
  std::swap(g->uncaught, saved_uncaught_);
  running_ = true;
#if defined(BACKSTEP_ASAN)
  __sanitizer_start_switch_fiber(&fiber_.caller_fake, static_cast<char*>(stack_.base) + kGuard, stack_.size - kGuard);
#endif
#if defined(BACKSTEP_TSAN)
  fiber_.tsan_caller = __tsan_get_current_fiber();
  if (!fiber_.tsan_fiber) fiber_.tsan_fiber = __tsan_create_fiber(0);
  __tsan_switch_to_fiber(fiber_.tsan_fiber, 0);
#endif
  backstep_switch_stack(&caller_sp_, sp_);
#if defined(BACKSTEP_ASAN)
  __sanitizer_finish_switch_fiber(fiber_.caller_fake, nullptr, nullptr);
#endif
#if defined(BACKSTEP_TSAN)
  if (finished_) {
    __tsan_destroy_fiber(fiber_.tsan_fiber);
    fiber_.tsan_fiber = nullptr;
  }
#endif
  running_ = false;
  set_stack_floor(caller_floor);
  g = eh_globals();
  std::swap(g->caught, reinterpret_cast<void*&>(saved_caught_));
  std::swap(g->uncaught, saved_uncaught_);
}

void Coroutine::switch_out() {
#if defined(BACKSTEP_ASAN)
  __sanitizer_start_switch_fiber(finished_ ? nullptr : &fiber_.body_fake, fiber_.caller_bottom, fiber_.caller_size);
#endif
#if defined(BACKSTEP_TSAN)
  __tsan_switch_to_fiber(fiber_.tsan_caller, 0);
#endif
  backstep_switch_stack(&sp_, caller_sp_);
  arrive_on_body_stack();  // resumed
}

void Coroutine::arrive_on_body_stack() {
#if defined(BACKSTEP_ASAN)
  __sanitizer_finish_switch_fiber(fiber_.body_fake, &fiber_.caller_bottom, &fiber_.caller_size);
#endif
}

bool Coroutine::resume() {
  if (finished_ || running_) return false;
  if (!started_) {
    started_ = true;
    stack_ = take_stack();
    // A frame that "returns" into the trampoline with `this` in r12
    // (context_switch.S): return address, six registers, control words.
    auto top = reinterpret_cast<uintptr_t>(stack_.base) + stack_.size;
    top &= ~uintptr_t(15);
    auto* slots = reinterpret_cast<uint64_t*>(top - 16 - 64);
    std::memset(slots, 0, 64);
    uint32_t mxcsr;
    uint16_t fpucw;
    asm volatile("stmxcsr %0" : "=m"(mxcsr));
    asm volatile("fnstcw %0" : "=m"(fpucw));
    std::memcpy(&slots[0], &mxcsr, 4);
    std::memcpy(reinterpret_cast<char*>(&slots[0]) + 4, &fpucw, 2);
    slots[4] = reinterpret_cast<uint64_t>(this);  // r12 (popped order: r15 r14 r13 r12 rbx rbp)
    slots[7] = reinterpret_cast<uint64_t>(&backstep_coroutine_trampoline);
    sp_ = slots;
  }
  switch_in();
  if (error_) {
    std::exception_ptr e = std::move(error_);
    error_ = nullptr;
    std::rethrow_exception(e);
  }
  return !finished_;
}

void Coroutine::suspend() { switch_out(); }

void coroutine_main(Coroutine* co) {
  co->arrive_on_body_stack();
  try {
    co->body_(*co);
  } catch (...) {
    co->error_ = std::current_exception();
  }
  co->finished_ = true;
  co->body_ = nullptr;  // what the body captured goes now, on this stack
  co->switch_out();
  std::abort();  // a finished coroutine is never resumed
}

}  // namespace backstep::rt

extern "C" void backstep_coroutine_main(void* co) { backstep::rt::coroutine_main(static_cast<backstep::rt::Coroutine*>(co)); }
