#include "repl/version.h"

#include "engine/torch/cuda_runtime.h"

// What the linked libtorch calls itself, written at configure time
// (cmake/TorchBuildInfo.cmake): plain macros, no libtorch code.
#include <backstep/torch_build_info.h>

#if defined(BACKSTEP_MIMALLOC)
#include <mimalloc.h>
#endif

#include <string>

#ifndef BACKSTEP_VERSION
#define BACKSTEP_VERSION "0.1.0"
#endif

namespace backstep::repl {

namespace {
// Which malloc the process runs on: it decides how fast big graphs are.
std::string allocator_name() {
#if defined(BACKSTEP_MIMALLOC)
  int v = mi_version();  // 209 for 2.0.9
  return "mimalloc " + std::to_string(v / 100) + "." + std::to_string(v / 10 % 10) + "." + std::to_string(v % 10);
#else
  return "glibc malloc";
#endif
}
// libtorch's version as PyTorch reports it, and whether it was built with
// CUDA: "libtorch 2.15.0+cu132, CUDA 13.2" or "libtorch 2.15.0+cpu, CPU-only".
std::string torch_description() {
  std::string s = std::string("libtorch ") + BACKSTEP_TORCH_VERSION_FULL;
#if BACKSTEP_TORCH_HAS_CUDA
  std::string cuda = BACKSTEP_TORCH_CUDA_VERSION;
  return s + ", CUDA" + (cuda.empty() ? "" : " " + cuda);
#else
  return s + ", CPU-only";
#endif
}
}  // namespace

std::string version_string() {
  return std::string("backstep ") + BACKSTEP_VERSION + " (" + torch_description() + ", " + allocator_name() + ")";
}

std::string version_report() { return version_string() + "\n" + torchb::cuda_runtime_report(); }

std::string version_banner() {
  return version_string() + "\nType :help for commands, Ctrl-D to leave.\n";
}

}  // namespace backstep::repl
