// backstep's own Python library (engine/pylib: collections, functools,
// dataclasses, typing, warnings, random, ...), compiled into the binary so
// the program finds it wherever backstep is installed. The table is made at
// build time by engine/pylib/embed_pylib.py.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace backstep::rt {

struct PylibSource {
  std::string file;    // the name tracebacks show: "<pylib>/collections/__init__.py"
  std::string folder;  // a package's __path__ entry
  std::string_view text;
  bool is_package = false;
};

// The module `dotted_name` ("collections.abc") if pylib has it. With
// BACKSTEP_PYLIB_DIR set (a development aid), from that folder instead.
std::optional<PylibSource> find_pylib(std::string_view dotted_name);

}  // namespace backstep::rt
