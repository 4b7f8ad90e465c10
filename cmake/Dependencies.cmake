# libtorch: found with find_package(Torch). scripts/build points it at the
# project's venv (a pinned PyPI torch wheel is a complete libtorch), or at a
# user's own libtorch through Torch_DIR / CMAKE_PREFIX_PATH (scripts/build
# turns BACKSTEP_TORCH=/path/to/libtorch-or-venv into that).
#
# Note [what we link]: only libtorch_cpu and libc10. libtorch_cuda (and with
# it cuBLAS, cuDNN, NCCL: ~370 MB resident, ~40% of start-up) is not linked:
# it is loaded with dlopen at start-up where an NVIDIA driver is installed,
# and never where none is (engine/torch/cuda_runtime.cpp, Note [loading
# libtorch_cuda], says why not later). Linking ${TORCH_LIBRARIES}
# would also pull the system toolkit's libnvrtc/libcudart ahead of the ones
# the wheel was built against.
find_package(Torch REQUIRED)
find_library(TORCH_CPU_LIB torch_cpu HINTS ${TORCH_INSTALL_PREFIX}/lib NO_DEFAULT_PATH REQUIRED)
find_library(C10_LIB c10 HINTS ${TORCH_INSTALL_PREFIX}/lib NO_DEFAULT_PATH REQUIRED)
find_library(TORCH_CUDA_LIB torch_cuda HINTS ${TORCH_INSTALL_PREFIX}/lib NO_DEFAULT_PATH)
set(TORCH_FUNCTIONS_H ${TORCH_INSTALL_PREFIX}/include)  # the generator reads it there
if(NOT EXISTS ${TORCH_FUNCTIONS_H}/torch/csrc/autograd/generated/Functions.h)
  message(FATAL_ERROR "libtorch at ${TORCH_INSTALL_PREFIX} has no torch/csrc/autograd/generated/Functions.h")
endif()
# The version and CUDA build as PyTorch reports them (cmake/TorchBuildInfo.cmake);
# Torch_VERSION (TorchConfigVersion.cmake) when libtorch says no more.
include(${CMAKE_CURRENT_LIST_DIR}/TorchBuildInfo.cmake)
if(TORCH_CUDA_LIB)
  set(_has_cuda_lib ON)
else()
  set(_has_cuda_lib OFF)
endif()
backstep_torch_build_info(${TORCH_INSTALL_PREFIX} ${Torch_VERSION} ${_has_cuda_lib}
                          BACKSTEP_TORCH_VERSION BACKSTEP_TORCH_CUDA_VERSION BACKSTEP_TORCH_HAS_CUDA)
backstep_write_torch_build_info(${CMAKE_BINARY_DIR}/generated/backstep/torch_build_info.h
                                "${BACKSTEP_TORCH_VERSION}" "${BACKSTEP_TORCH_CUDA_VERSION}" ${BACKSTEP_TORCH_HAS_CUDA})
message(STATUS "backstep: libtorch ${BACKSTEP_TORCH_VERSION} at ${TORCH_INSTALL_PREFIX} (CUDA: ${BACKSTEP_TORCH_HAS_CUDA} ${BACKSTEP_TORCH_CUDA_VERSION})")
add_library(backstep_torch INTERFACE)
target_link_libraries(backstep_torch INTERFACE ${TORCH_CPU_LIB} ${C10_LIB} ${CMAKE_DL_LIBS})
# backstep/torch_build_info.h
target_include_directories(backstep_torch INTERFACE ${CMAKE_BINARY_DIR}/generated)
# The wheel's include folder also holds a bundled fmt (v12) ahead of the
# system's, which we link: a mirror of it without fmt/ (symlinks, made at
# configure time) keeps every file on the one fmt. libtorch's own headers
# outside CUDA's tunable GEMM do not include fmt.
set(_torch_mirror ${CMAKE_BINARY_DIR}/torch_include)
file(MAKE_DIRECTORY ${_torch_mirror})
file(GLOB _torch_entries RELATIVE ${TORCH_INSTALL_PREFIX}/include ${TORCH_INSTALL_PREFIX}/include/*)
foreach(_e IN LISTS _torch_entries)
  if(NOT _e STREQUAL "fmt" AND NOT EXISTS ${_torch_mirror}/${_e})
    file(CREATE_LINK ${TORCH_INSTALL_PREFIX}/include/${_e} ${_torch_mirror}/${_e} SYMBOLIC)
  endif()
endforeach()
target_include_directories(backstep_torch SYSTEM INTERFACE ${_torch_mirror}
                           ${_torch_mirror}/torch/csrc/api/include)
# The wheel's libraries find their CUDA dependencies through their own RPATH;
# ours points at the wheel's lib folder so the binary runs from the build tree.
set(CMAKE_BUILD_RPATH ${TORCH_INSTALL_PREFIX}/lib)

find_package(fmt REQUIRED)
find_package(nlohmann_json REQUIRED)
find_package(doctest REQUIRED)
find_package(CLI11 REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(GVC REQUIRED IMPORTED_TARGET libgvc libcgraph)
pkg_check_modules(LIBEDIT REQUIRED IMPORTED_TARGET libedit)
find_package(Python3 REQUIRED COMPONENTS Interpreter)
find_package(Threads REQUIRED)
# GMP (libgmp-dev): Python's ints beyond 64 bits (engine/runtime/big_int.h).
find_library(GMP_LIB NAMES gmp)
find_path(GMP_INCLUDE gmpxx.h)
if(NOT GMP_LIB OR NOT GMP_INCLUDE)
  message(FATAL_ERROR "GMP not found: install libgmp-dev (scripts/setup does)")
endif()
add_library(backstep_gmp INTERFACE)
target_link_libraries(backstep_gmp INTERFACE ${GMP_LIB})
target_include_directories(backstep_gmp INTERFACE ${GMP_INCLUDE})

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
