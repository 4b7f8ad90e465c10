#include "viz/module_label.h"

#include "viz/text_format.h"

namespace backstep::viz {

size_t module_param_count(const model::Graph& graph, const std::string& path) {
  size_t total = 0;
  for (const auto& n : graph.nodes) {
    if (!n.is_leaf || n.leaf_param.empty()) continue;
    const std::string& p = n.leaf_param;
    bool under = path.empty() || (p.size() > path.size() && p.compare(0, path.size(), path) == 0 && p[path.size()] == '.');
    if (!under) continue;
    size_t numel = 1;
    for (int64_t d : n.leaf_tensor.shape) numel *= static_cast<size_t>(d < 0 ? 0 : d);
    total += numel;
  }
  return total;
}

std::string params_text(size_t count) {
  if (count == 0) return "";
  return thousands(count) + (count == 1 ? " param" : " params");
}

std::string module_label(const model::Graph& graph, const model::Frame& module) {
  std::string name = module.function.empty() ? module.module_type : module.function + ": " + module.module_type;
  std::string params = params_text(module_param_count(graph, module.function));
  return params.empty() ? name : name + " (" + params + ")";
}

}  // namespace backstep::viz
