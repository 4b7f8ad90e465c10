# Sanitizer variants of the whole build (docs/sanitizers.md):
#   -DBACKSTEP_SANITIZE=address   AddressSanitizer + UndefinedBehaviorSanitizer
#                                 (scripts/build --sanitize -> build-asan/)
#   -DBACKSTEP_SANITIZE=thread    ThreadSanitizer (scripts/build --tsan -> build-tsan/)
# Empty (the default) is the release build, unchanged.
#
# Note [sanitizer builds]
# - Compiled with clang (scripts/build configures the variants with clang++;
#   BACKSTEP_SANITIZER_CXX overrides): with the same checks (ASan + all of
#   -fsanitize=undefined) clang 14 compiles a file in about half GCC 12's
#   CPU time (parse_expr.cpp 7.8 s vs 16.4 s, eval_expr.cpp with the PCH
#   11.1 vs 17.6 s, measured side by side under the same load), and the
#   sanitizer builds were most of a cold CI run. The release build stays
#   GCC's, so the tests also see a second compiler's diagnostics.
#   engine/runtime/sanitizer_build.h tells the code which sanitizer is on
#   with either compiler.
# - -O1: the fastest to build and run together (-O0 makes the test suites
#   several times slower under ASan; -O2 costs compile time and buys
#   little); -g1 (line tables only) gives file:line in reports for a small
#   cost; NDEBUG as libtorch was built.
# - No mimalloc: the sanitizers replace malloc themselves.
# - The flags go into every target's COMPILE_OPTIONS, which the PCH checksum
#   hashes (cmake/PchChecksum.cmake also names BACKSTEP_SANITIZE), so a
#   sanitizer build never reuses a release .gch through ccache, nor the
#   other way round.
# - libtorch is not instrumented: only our code is checked; reports inside
#   libtorch are suppressed by name (tests/sanitizers/*.supp).
set(BACKSTEP_SANITIZE "" CACHE STRING "sanitizer variant: empty, address (ASan+UBSan) or thread (TSan)")
set_property(CACHE BACKSTEP_SANITIZE PROPERTY STRINGS "" address thread)
if(BACKSTEP_SANITIZE STREQUAL "address")
  set(BACKSTEP_SANITIZER_FLAGS -fsanitize=address,undefined -fno-omit-frame-pointer)
elseif(BACKSTEP_SANITIZE STREQUAL "thread")
  set(BACKSTEP_SANITIZER_FLAGS -fsanitize=thread -fno-omit-frame-pointer)
elseif(NOT BACKSTEP_SANITIZE STREQUAL "")
  message(FATAL_ERROR "BACKSTEP_SANITIZE must be empty, address or thread, not '${BACKSTEP_SANITIZE}'")
endif()
if(BACKSTEP_SANITIZER_FLAGS)
  add_compile_options(${BACKSTEP_SANITIZER_FLAGS})
  add_link_options(${BACKSTEP_SANITIZER_FLAGS})
  string(TOUPPER "${CMAKE_BUILD_TYPE}" _san_cfg)
  set(CMAKE_CXX_FLAGS_${_san_cfg} "-O1 -g1 -DNDEBUG")
  set(BACKSTEP_MIMALLOC OFF CACHE BOOL "replace malloc with mimalloc" FORCE)
  message(STATUS "backstep: sanitizer build (${BACKSTEP_SANITIZE}): ${BACKSTEP_SANITIZER_FLAGS}")
endif()
