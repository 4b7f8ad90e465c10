// How pictures name an nn.Module cluster or box: "fc1: Linear (12 params)",
// the parameters counted over the parameter leaves drawn inside the module
// (its own and its submodules'), as torchview counts them. Counted by
// placement, not by path: two root modules both have the path "".
#pragma once

#include "viz/model.h"
#include "viz/structure.h"

#include <string>

namespace backstep::viz {

// Scalars in the parameter leaves placed in `group` or the groups inside it.
size_t module_param_count(const model::Graph& graph, const Structure& structure, int group);

// "12 params", "1 param", "" for none.
std::string params_text(size_t count);

// "fc1: Linear (12 params)"; the root module by its type alone.
std::string module_label(const model::Graph& graph, const Structure& structure, int group);

}  // namespace backstep::viz
