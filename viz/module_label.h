// How pictures name an nn.Module cluster or box: "fc1: Linear (12 params)",
// the parameters counted over the graph's leaves the module owns (its own
// and its submodules', by parameter path), as torchview counts them.
#pragma once

#include "viz/model.h"

#include <string>

namespace backstep::viz {

// Scalars in the graph's leaves whose parameter path lies under `path`
// ("" is the root module: every parameter leaf).
size_t module_param_count(const model::Graph& graph, const std::string& path);

// "12 params", "1 param", "" for none.
std::string params_text(size_t count);

// "fc1: Linear (12 params)"; the root module by its type alone.
std::string module_label(const model::Graph& graph, const model::Frame& module);

}  // namespace backstep::viz
