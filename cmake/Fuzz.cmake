# libFuzzer targets (tests/fuzz/, docs/fuzzing.md). Off by default: the
# normal build is unchanged. scripts/fuzz configures a separate folder,
# build-fuzz/, with Debian's clang and -DBACKSTEP_FUZZ=ON; every file of ours
# there is compiled with coverage for libFuzzer (fuzzer-no-link) and ASan +
# UBSan, and the fuzz targets (tests/fuzz/CMakeLists.txt) link libFuzzer's main.
option(BACKSTEP_FUZZ "build the libFuzzer targets (clang only) into tests/fuzz" OFF)
if(BACKSTEP_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "BACKSTEP_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++ (scripts/fuzz does)")
  endif()
  # UB stops the run as a crash (the default is to report and go on, which
  # libFuzzer would not count).
  set(_fuzz_sanitizers -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined)
  add_compile_options(${_fuzz_sanitizers} -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=address,undefined)
endif()
