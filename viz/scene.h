// What one picture draws: the graph's nodes after folding (loop iterations
// mapped onto the last one, deep calls and loops collapsed into boxes, a
// cut-off for what still does not fit), grouped into clusters (script calls
// and loops), plus the tensors torchviz draws around the backward nodes
// (outputs, view bases, saved tensors).
#pragma once

#include "viz/model.h"
#include "viz/structure.h"

#include <string>
#include <vector>

namespace backstep::viz {

enum class ItemKind {
  Node,     // a backward node (grey) or leaf (light blue)
  CallBox,  // a collapsed script call: "fn ×N nodes"
  LoopBox,  // a collapsed loop: "×K" iterations
  More,     // what a cut-off left out
  Saved,    // a saved tensor (orange)
  Output,   // a root tensor (green)
  Base,     // the base of a root that is a view (dark green)
};

struct SceneItem {
  ItemKind kind = ItemKind::Node;
  int node = -1;    // Node: model node index; Saved: its owner; Output/Base: the root's node or -1
  int group = -1;   // CallBox
  int fold = -1;    // LoopBox
  int saved = -1;   // Saved: index into the owner's saved fields
  int root = -1;    // Output, Base: index into model roots
  int cluster = -1; // enclosing cluster, -1 for the top level
  size_t count = 0; // model nodes drawn as this item
  bool clone = false;  // another copy of a shared leaf, drawn near one of its uses
  bool focus = false;  // the centre of --around
};

struct SceneCluster {
  Placement where;  // a loop (where.fold >= 0) or a script call (where.group)
  int parent = -1;
};

enum class EdgeStyle { Flow, Saved, ViewBase };

struct SceneEdge {
  int tail = -1, head = -1;  // drawing direction: producer to consumer, as torchviz draws
  int edge = -1;             // Flow: the first model edge merged into it (-1 for output links)
  size_t count = 1;          // model edges merged into it
  bool carried = false;      // joins two iterations of a folded loop
  EdgeStyle style = EdgeStyle::Flow;
};

struct Scene {
  std::vector<SceneItem> items;
  std::vector<SceneCluster> clusters;
  std::vector<SceneEdge> edges;
  std::vector<int> item_of_node;  // per model node index (-1: cut off entirely)
  size_t more_nodes = 0;          // nodes behind the More box
};

struct SceneOptions {
  int depth = -1;            // collapse calls deeper than this (-1: none)
  bool compact_loops = false;  // each fold as one box instead of a cluster of its last iteration
  bool clone_leaves = false;   // a shared leaf drawn once per use (keeps dot off very long edges)
  size_t keep = 0;           // cut off all but this many items nearest the outputs (0: keep all)
  bool show_saved = false;
  int focus = -1;            // node id to mark as the centre
};

Scene project(const model::Graph& graph, const Structure& structure, const SceneOptions& options);

}  // namespace backstep::viz
