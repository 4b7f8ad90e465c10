// backstep's version, and the libtorch it was built against.
#pragma once

#include <string>

namespace backstep::repl {

std::string version_string();  // "backstep 0.1.0 (libtorch 1.13.0)"
std::string version_banner();  // the shell's first lines
// --version: version_string() and a line on CUDA (whether libtorch_cuda
// loads, a driver, how many GPUs).
std::string version_report();
}  // namespace backstep::repl
