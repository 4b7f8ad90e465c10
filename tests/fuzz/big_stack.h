// Runs a fuzz input on a thread with a 256 MB stack.
//
// Note [stack under ASan]: the limits that bound recursion on input depth --
// the 1,000-call recursion limit, the parser's 2,900-level expression depth
// (engine/lang/expr_depth.h) -- are sized for the release build's frames on
// an 8 MB stack. ASan's frames are several times larger: a program recursing
// to the limit, or the tree dumper walking a 1,300-deep `----x`, overflows
// an ASan build's 8 MB stack long before the limit is reached (the first two
// findings of the fuzzers, both within the limits; the release build runs
// them). The targets give each input a stack the limits fit in, so a stack
// overflow they report is a recursion no limit bounds.
#pragma once

#include <pthread.h>

#include <cstdlib>
#include <functional>

namespace backstep::fuzz {

inline void run_on_big_stack(const std::function<void()>& work) {
  constexpr size_t kStackBytes = size_t{256} << 20;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kStackBytes);
  pthread_t thread;
  auto body = [](void* arg) -> void* {
    (*static_cast<const std::function<void()>*>(arg))();
    return nullptr;
  };
  if (pthread_create(&thread, &attr, body, const_cast<std::function<void()>*>(&work)) != 0) std::abort();
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
}

}  // namespace backstep::fuzz
