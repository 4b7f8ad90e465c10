// Deciding what to draw and with which layout engine, so that a render
// never hangs: fold the picture until Graphviz can lay it out quickly, use
// dot while that stays fast and sfdp beyond, and cut off as the last resort.
#pragma once

#include "viz/dot_writer.h"
#include "viz/model.h"
#include "viz/progress.h"
#include "viz/render_options.h"
#include "viz/scene.h"
#include "viz/structure.h"

#include <string>
#include <vector>

namespace backstep::viz {

// What Graphviz would have to chew on, in node-equivalents.
struct LayoutCost {
  size_t items = 0;
  size_t edges = 0;
  size_t virtual_nodes = 0;  // dot's chain nodes for edges spanning several ranks
  size_t dot() const { return items + virtual_nodes; }
  size_t sfdp() const { return items + edges; }
};
LayoutCost estimate_cost(const Scene& scene, bool edge_labels);

// Calibrated on this machine's Graphviz 2.43 (see bench/viz_bench.cpp):
// dot lays out ~3000 node-equivalents in about a second (with
// fast_layout), sfdp ~4000 items plus edges.
struct Budgets {
  size_t dot = 3000;
  size_t sfdp = 4000;
  size_t labels = 400;       // edge labels double dot's ranks: drop them past this many items
  size_t fast_layout = 150;  // bound dot's network simplex past this many node-equivalents
  size_t cut_off = 300;      // boxes kept by the last resort: more is no longer a readable picture
};

struct Plan {
  Structure structure;
  Scene scene;
  DotSettings settings;               // engine, labels, tuning included
  std::vector<std::string> folding;   // what was folded, in words
};

Plan make_plan(const model::Graph& graph, const RenderOptions& options, ProgressReporter& progress,
               const Budgets& budgets = {});

// The nodes within `radius` edges of node `id` (either direction), with the
// edges and roots among them; the graph itself when id is absent.
model::Graph neighbourhood(const model::Graph& graph, int id, int radius);

}  // namespace backstep::viz
