// A scene as Graphviz DOT text: torchviz's look (grey backward nodes,
// light-blue leaves, orange saved tensors, green outputs), plus ids, source
// lines, hooks, dtype/shape on edges, gradient colours and stepping state.
#pragma once

#include "viz/model.h"
#include "viz/scene.h"
#include "viz/structure.h"

#include <string>

namespace backstep::viz {

struct DotSettings {
  bool show_saved = false;
  bool show_grads = false;
  std::string rankdir = "TB";
  std::string title;
  bool legend = true;          // a legend of every colour and mark used, below the drawing
  std::string engine = "dot";  // sfdp ignores clusters and ranks; the header says so
  bool edge_labels = true;     // dtype/shape as labels (else only in tooltips: large pictures)
  bool fast_layout = false;    // bound dot's network simplex (large pictures, see dot_writer.cpp)
};

std::string write_dot(const model::Graph& graph, const Structure& structure, const Scene& scene,
                      const DotSettings& settings);

// The DOT name of an item, also the id of its element in SVG ("n12",
// "loop3", "call5", "out0", "saved12_1", "more").
std::string item_name(const model::Graph& graph, const Scene& scene, int item);
// The same for a cluster ("cluster_loop3", "cluster_call5").
std::string cluster_name(const SceneCluster& cluster);
// With the structure: a module's cluster is "cluster_mod_<path>_<call>"
// ("cluster_mod_encoder_layers_0_7").
std::string cluster_name(const Structure& structure, const SceneCluster& cluster);

// Cluster and box captions, shared with the HTML page.
std::string cluster_label(const model::Graph& graph, const Structure& structure, const SceneCluster& cluster);
std::string fold_lines(const model::Graph& graph, const Structure& structure, int fold);

}  // namespace backstep::viz
