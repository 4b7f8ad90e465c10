#include "engine/runtime/pylib.h"

#include "engine/runtime/pylib_table.h"

namespace backstep::rt {

std::optional<PylibSource> find_pylib(std::string_view dotted_name) {
  for (unsigned i = 0; i < kPylibCount; ++i) {
    const PylibEntry& e = kPylib[i];
    if (dotted_name != e.module) continue;
    std::string file = std::string("<pylib>/") + e.path;
    std::string folder = file.substr(0, file.rfind('/'));
    return PylibSource{std::move(file), std::move(folder), e.text, e.is_package};
  }
  return std::nullopt;
}

}  // namespace backstep::rt
