#include "viz/module_label.h"

#include "viz/text_format.h"

namespace backstep::viz {

size_t module_param_count(const model::Graph& graph, const Structure& structure, int group) {
  size_t total = 0;
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    const model::Node& n = graph.nodes[i];
    if (!n.is_leaf || n.leaf_param.empty()) continue;
    int g = structure.group_of[i];
    while (g >= 0 && g != group) g = structure.groups[g].parent;
    if (g != group) continue;
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

std::string module_label(const model::Graph& graph, const Structure& structure, int group) {
  const model::Frame& module = structure.groups[group].frame;
  std::string name = module.function.empty() ? module.module_type : module.function + ": " + module.module_type;
  std::string params = params_text(module_param_count(graph, structure, group));
  return params.empty() ? name : name + " (" + params + ")";
}

}  // namespace backstep::viz
