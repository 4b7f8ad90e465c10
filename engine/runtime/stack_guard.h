#pragma once
// Note [The native stack guard]
//
// Script calls and data-recursive C++ (comparing or printing nested
// containers) recurse on the native stack, and the recursion limit
// (sys.setrecursionlimit, 1000 by default) counts levels, not bytes. A level
// costs a few KB in the release build and several times that under
// AddressSanitizer, and a script may raise the limit to 100,000: counting
// alone cannot promise the stack holds out. So every place that counts a
// level also asks this guard whether the stack it runs on has room left, and
// raises RecursionError, as the count does, when it has not.
//
// The bound is per thread: the main thread's comes from its stack mapping
// (repl raises RLIMIT_STACK at start so deep scripts have room, see
// reserve_main_stack), a generator's from its own stack, which Coroutine
// installs on every switch and restores on the way back. A thread nobody
// told (none runs script code today) has no bound and relies on the count.
#include <cstddef>

namespace backstep::rt {

// Lowest address a frame may reach on this thread before a check fails
// (nullptr: unchecked). Swapped by Coroutine around each switch.
const char* stack_floor();
void set_stack_floor(const char* floor);
// The floor for a stack whose usable memory starts at `lowest`.
const char* floor_for_stack(const void* lowest);
// Installs the calling (main) thread's floor from its stack mapping.
void install_main_stack_floor();
// Grows the main thread's stack limit to `bytes` (RLIMIT_STACK; the stack
// grows on demand, and Linux leaves at least 128 MB below it unmapped).
void reserve_main_stack(size_t bytes);

inline bool stack_exhausted() {
  const char* floor = stack_floor();
  return floor != nullptr && static_cast<const char*>(__builtin_frame_address(0)) < floor;
}

}  // namespace backstep::rt
