// The generated table behind find_pylib (see engine/pylib/embed_pylib.py).
#pragma once

namespace backstep::rt {

struct PylibEntry {
  const char* module;  // "collections.abc"
  const char* path;    // "collections/abc.py", relative to engine/pylib
  bool is_package;
  const char* text;
};

extern const PylibEntry kPylib[];
extern const unsigned kPylibCount;

}  // namespace backstep::rt
