#include "viz/saved_fields.h"

#include <algorithm>

namespace backstep::viz {

namespace {

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

}  // namespace

bool is_internal_saved_field(std::string_view name) {
  // The suffixes Functions.h gives libtorch's bookkeeping fields.
  static constexpr std::string_view kSuffixes[] = {
      "sym_sizes",  "sym_strides",  "sym_sizes_opt", "sym_strides_opt", "sym_storage_offset", "sym_numel",
      "_layout",    "_options",     "_scalar_type",  "_scalar_types",   "_scalartypes",       "_info",
      "_device",    "_sym_argsize", "_sym_blocksize_opt"};
  for (std::string_view tail : kSuffixes)
    if (ends_with(name, tail)) return true;
  return name.find("_sym_argsize_") != std::string_view::npos;
}

bool has_internal_saved_fields(const model::Graph& graph) {
  for (const auto& n : graph.nodes)
    for (const auto& s : n.saved)
      if (is_internal_saved_field(s.name)) return true;
  return false;
}

model::Graph without_internal_saved_fields(const model::Graph& graph) {
  model::Graph out = graph;
  for (auto& n : out.nodes)
    n.saved.erase(std::remove_if(n.saved.begin(), n.saved.end(),
                                 [](const model::Saved& s) { return is_internal_saved_field(s.name); }),
                  n.saved.end());
  out.reindex();
  return out;
}

}  // namespace backstep::viz
