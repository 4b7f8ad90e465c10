# libtorch: Debian installs headers in /usr/include and the libraries in the
# multiarch folder. A libtorch 2.x unpacked elsewhere is found with
# -DBACKSTEP_TORCH_ROOT=/path/to/libtorch.
set(BACKSTEP_TORCH_ROOT "" CACHE PATH "root of a libtorch install (default: system)")
if(BACKSTEP_TORCH_ROOT)
  set(_torch_hints ${BACKSTEP_TORCH_ROOT}/lib)
  set(_torch_includes ${BACKSTEP_TORCH_ROOT}/include ${BACKSTEP_TORCH_ROOT}/include/torch/csrc/api/include)
else()
  set(_torch_includes "")
endif()
find_library(TORCH_LIB torch HINTS ${_torch_hints} REQUIRED)
find_library(TORCH_CPU_LIB torch_cpu HINTS ${_torch_hints} REQUIRED)
find_library(C10_LIB c10 HINTS ${_torch_hints} REQUIRED)
find_path(TORCH_FUNCTIONS_H torch/csrc/autograd/generated/Functions.h
          HINTS ${_torch_includes} /usr/include REQUIRED)
add_library(backstep_torch INTERFACE)
target_link_libraries(backstep_torch INTERFACE ${TORCH_LIB} ${TORCH_CPU_LIB} ${C10_LIB})
target_include_directories(backstep_torch SYSTEM INTERFACE ${TORCH_FUNCTIONS_H} ${_torch_includes})

find_package(fmt REQUIRED)
find_package(nlohmann_json REQUIRED)
find_package(doctest REQUIRED)
find_package(CLI11 REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(GVC REQUIRED IMPORTED_TARGET libgvc libcgraph)
pkg_check_modules(LIBEDIT REQUIRED IMPORTED_TARGET libedit)
find_package(Python3 REQUIRED COMPONENTS Interpreter)
find_package(Threads REQUIRED)

# The allocator. Autograd graphs are hundreds of thousands of small objects
# freed together; glibc's malloc fragments under that (a 100k-node backward
# slows from 0.5 s to 0.9 s over a session, bench_autograd backward-plain)
# where mimalloc stays at 0.45-0.5 s. Linked ahead of libc so that it
# replaces malloc for the whole process, libtorch included. Without it
# (-DBACKSTEP_MIMALLOC=OFF, or no libmimalloc-dev) glibc's malloc is tuned
# at start-up instead (engine/autograd/backstep_engine.cpp).
option(BACKSTEP_MIMALLOC "replace malloc with mimalloc" ON)
add_library(backstep_allocator INTERFACE)
if(BACKSTEP_MIMALLOC)
  find_library(MIMALLOC_LIB NAMES mimalloc)
  find_path(MIMALLOC_INCLUDE mimalloc.h)
  if(MIMALLOC_LIB AND MIMALLOC_INCLUDE)
    # --no-as-needed: nothing calls mimalloc by name, yet it must be loaded.
    target_link_libraries(backstep_allocator INTERFACE "-Wl,--push-state,--no-as-needed" ${MIMALLOC_LIB}
                          "-Wl,--pop-state")
    set(BACKSTEP_USING_MIMALLOC ON)  # repl/version.cpp names it (only that file: no rebuild of the rest)
  else()
    message(STATUS "mimalloc not found (libmimalloc-dev): using glibc's malloc")
  endif()
endif()
target_link_libraries(backstep_torch INTERFACE backstep_allocator)
