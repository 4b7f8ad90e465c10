// Which sanitizer this code is compiled under, for the few places that must
// tell the sanitizer what they do (coroutine.cpp switches stacks) or size
// things for its larger frames (stack_guard.cpp).
//
// GCC defines __SANITIZE_ADDRESS__ / __SANITIZE_THREAD__; clang 14 (the
// sanitizer builds' and the fuzz targets' compiler, Note [sanitizer builds])
// defines neither and answers __has_feature instead. Testing only the GCC
// macros left the clang builds without the stack-switch annotations.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define BACKSTEP_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BACKSTEP_ASAN 1
#endif
#endif

#if defined(__SANITIZE_THREAD__)
#define BACKSTEP_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define BACKSTEP_TSAN 1
#endif
#endif
