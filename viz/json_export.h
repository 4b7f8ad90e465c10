// The graph as JSON, format "backstep.graph/v1" (DESIGN.md, "Output
// formats"; schema in docs/graph.schema.json, prose in docs/graph-format.md).
// Always the whole graph: folding is a property of pictures, not of data.
#pragma once

#include "viz/model.h"

#include <string>

namespace backstep::viz {

std::string graph_json(const model::Graph& graph, int indent = 1);

}  // namespace backstep::viz
