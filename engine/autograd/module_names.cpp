#include "engine/autograd/module_names.h"

#include <algorithm>
#include <mutex>
#include <set>

namespace backstep::autograd {

std::vector<ModuleFrame> module_frames(const ModuleScope* innermost) {
  std::vector<ModuleFrame> out;
  for (const ModuleScope* s = innermost; s; s = s->parent.get())
    out.push_back(ModuleFrame{s->path, s->type_name, reinterpret_cast<uintptr_t>(s)});
  std::reverse(out.begin(), out.end());
  return out;
}

std::string module_frame_text(const std::string& path, const std::string& type) {
  return path.empty() ? type : path + ": " + type;
}

std::string module_stack_text(const std::vector<ModuleFrame>& frames) {
  std::string out;
  for (const auto& f : frames) out += (out.empty() ? "" : " > ") + module_frame_text(f.path, f.type);
  return out;
}

bool module_spec_matches(const std::string& spec, const std::string& path, const std::string& type) {
  if (spec.empty()) return false;
  if (spec == type || spec == path) return true;
  return path.size() > spec.size() && path.compare(0, spec.size(), spec) == 0 && path[spec.size()] == '.';
}

namespace {

struct Catalogue {
  std::mutex mutex;
  std::set<std::pair<std::string, std::string>> modules;  // (path, type); type "" when only a parameter named it
};

Catalogue& catalogue() {
  static auto* c = new Catalogue();  // outlives everything that may note a module at exit
  return *c;
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

void note_module(const std::string& path, const std::string& type) {
  Catalogue& c = catalogue();
  std::lock_guard<std::mutex> lock(c.mutex);
  c.modules.emplace(path, type);
}

bool any_module_known() {
  Catalogue& c = catalogue();
  std::lock_guard<std::mutex> lock(c.mutex);
  return !c.modules.empty();
}

bool module_spec_known(const std::string& spec) {
  Catalogue& c = catalogue();
  std::lock_guard<std::mutex> lock(c.mutex);
  for (const auto& [path, type] : c.modules)
    if (module_spec_matches(spec, path, type)) return true;
  return false;
}

std::vector<std::string> near_module_names(const std::string& spec, size_t limit) {
  std::set<std::string> names;
  {
    Catalogue& c = catalogue();
    std::lock_guard<std::mutex> lock(c.mutex);
    for (const auto& [path, type] : c.modules) {
      if (!path.empty()) names.insert(path);
      if (!type.empty()) names.insert(type);
    }
  }
  std::vector<std::pair<size_t, std::string>> ranked;
  for (const auto& n : names) ranked.emplace_back(edit_distance(spec, n), n);
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (size_t i = 0; i < ranked.size() && i < limit; ++i) out.push_back(ranked[i].second);
  return out;
}

}  // namespace backstep::autograd
