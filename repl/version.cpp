#include "repl/version.h"

// The libtorch API's version header is plain macros (no libtorch code).
#include <torch/csrc/api/include/torch/version.h>

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
}  // namespace

std::string version_string() {
  return std::string("backstep ") + BACKSTEP_VERSION + " (libtorch " + TORCH_VERSION + ", " + allocator_name() + ")";
}

std::string version_banner() {
  return version_string() + "\nType :help for commands, Ctrl-D to leave.\n";
}

}  // namespace backstep::repl
