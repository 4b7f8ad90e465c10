// backstep's version, and the libtorch it was built against.
#pragma once

#include <string>

namespace backstep::repl {

std::string version_string();  // "backstep 0.1.0 (libtorch 1.13.0)"
std::string version_banner();  // the shell's first lines
}  // namespace backstep::repl
