#include "engine/runtime/pylib.h"

#include "engine/runtime/pylib_table.h"

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

namespace backstep::rt {

namespace {

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Note [BACKSTEP_PYLIB_DIR]: a folder laid out as engine/pylib is read in
// place of the compiled-in copy, so someone editing the library sees a change
// without relinking. Texts are read once and kept for the process (modules
// hold views into them). Tracebacks still say <pylib>/..., as a build with
// the same files would.
std::optional<PylibSource> find_on_disk(const char* root, std::string_view dotted_name) {
  static std::map<std::string, std::string> texts;
  std::string rel(dotted_name);
  for (char& c : rel)
    if (c == '.') c = '/';
  for (bool package : {true, false}) {
    std::string path = package ? rel + "/__init__.py" : rel + ".py";
    auto it = texts.find(path);
    if (it == texts.end()) {
      auto text = read_file(std::string(root) + "/" + path);
      if (!text) continue;
      it = texts.emplace(path, std::move(*text)).first;
    }
    std::string file = "<pylib>/" + path;
    std::string folder = file.substr(0, file.rfind('/'));
    return PylibSource{std::move(file), std::move(folder), it->second, package};
  }
  return std::nullopt;
}

}  // namespace

std::optional<PylibSource> find_pylib(std::string_view dotted_name) {
  if (const char* root = std::getenv("BACKSTEP_PYLIB_DIR"); root && *root) return find_on_disk(root, dotted_name);
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
