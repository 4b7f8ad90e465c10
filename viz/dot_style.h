// How each kind of item looks in DOT: labels, colours, tooltips. Colours
// follow torchviz (lightgrey, lightblue, orange, darkolivegreen1/3); what
// torchviz lacks is layered on without hiding them: execution state is the
// border, gradients are the fill (only when asked for), NaN/Inf is red.
#pragma once

#include "viz/model.h"
#include "viz/scene.h"
#include "viz/structure.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace backstep::viz {

using Attrs = std::vector<std::pair<std::string, std::string>>;

// Maps gradient norms to fill colours on a log scale spanning the picture.
class GradScale {
 public:
  void add(double norm);
  bool empty() const { return !any_; }
  // The smallest and largest norm seen (for the legend).
  double lowest() const;
  double highest() const;
  // Fill and font colour for a gradient.
  std::pair<std::string, std::string> colours(const model::GradStats& g) const;

 private:
  double lo_ = 0, hi_ = 0;
  bool any_ = false;
};

// What the model nodes drawn as one item add up to (a folded loop node
// stands for one node per iteration, a box for a whole call).
struct ItemSummary {
  size_t total = 0, done = 0, pending = 0;
  bool current = false, breakpoint = false;
  std::optional<model::GradStats> grad;  // the worst incoming gradient: broken first, else the largest
  // A NaN/Inf is born in one of these nodes (model::Node::nonfinite_born_here):
  // the broken gradient it produced.
  std::optional<model::GradStats> born;
};

struct StyleContext {
  const model::Graph& graph;
  const Structure& structure;
  const Scene& scene;
  bool show_saved = false;
  bool show_grads = false;
  GradScale grads;
  std::vector<ItemSummary> summaries;  // per scene item
};

StyleContext make_style_context(const model::Graph& graph, const Structure& structure, const Scene& scene,
                                bool show_saved, bool show_grads);

Attrs item_attrs(const StyleContext& ctx, int item);
Attrs edge_attrs(const StyleContext& ctx, const SceneEdge& edge, bool labels);

// The lines of a node's tooltip (name, id, location, call chain, inputs,
// hooks, gradients); the HTML page shows the same facts.
std::vector<std::string> node_details(const model::Node& n);

}  // namespace backstep::viz
