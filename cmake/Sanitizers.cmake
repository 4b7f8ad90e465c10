# Sanitizer variants of the whole build (docs/sanitizers.md):
#   -DBACKSTEP_SANITIZE=address   AddressSanitizer + UndefinedBehaviorSanitizer
#                                 (scripts/build --sanitize -> build-asan/)
#   -DBACKSTEP_SANITIZE=thread    ThreadSanitizer (scripts/build --tsan -> build-tsan/)
# Empty (the default) is the release build, unchanged.
#
# Note [sanitizer builds]
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
