// The graph as JSON, format "backstep.graph/v1" (DESIGN.md, "Output
// formats"; schema in docs/graph.schema.json, prose in docs/graph-format.md).
// Always the whole graph: folding is a property of pictures, not of data.
#pragma once

#include "viz/model.h"

#include <functional>
#include <string>

namespace backstep::viz {

// `check` (when set) runs every 1024 nodes and may throw to stop the write.
std::string graph_json(const model::Graph& graph, int indent = 1, const std::function<void()>& check = {});

}  // namespace backstep::viz
