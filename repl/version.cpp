#include "repl/version.h"

// The libtorch API's version header is plain macros (no libtorch code).
#include <torch/csrc/api/include/torch/version.h>

#ifndef BACKSTEP_VERSION
#define BACKSTEP_VERSION "0.1.0"
#endif

namespace backstep::repl {

std::string version_string() {
  return std::string("backstep ") + BACKSTEP_VERSION + " (libtorch " + TORCH_VERSION + ")";
}

std::string version_banner() {
  return version_string() + "\nType :help for commands, Ctrl-D to leave.\n";
}

}  // namespace backstep::repl
