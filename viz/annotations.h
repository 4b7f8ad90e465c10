// What the debugger knows about a graph beyond its snapshot: execution state
// while stepping, gradients after (or during) a backward, breakpoints, and
// the view bases of the root tensors. Renderers draw it; none of it is
// required (an empty Annotations draws the plain graph).
#pragma once

#include "engine/autograd/graph_model.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace backstep::viz {

enum class ExecState {
  None,     // no backward in progress (draw nothing)
  Pending,  // will run in the current backward
  Current,  // the node the debugger is paused at
  Done,     // already ran
};

struct NodeAnnotation {
  ExecState state = ExecState::None;
  bool breakpoint = false;  // a breakpoint matches this node
  // Gradients the node received (grad_outputs, one per node input) and the
  // ones it produced (grad_inputs, one per next_functions entry); nullopt
  // for an undefined gradient. Empty when not known.
  std::vector<std::optional<autograd::TensorSummary>> incoming;
  std::vector<std::optional<autograd::TensorSummary>> produced;
};

// A root tensor that is a view: torchviz draws its base dark green with a
// dotted edge to the view. (GraphRoot does not carry the base yet.)
struct ViewBase {
  autograd::TensorMeta tensor;
  int node = -1;  // id of the base's grad_fn or AccumulateGrad; -1 when it has none
};

struct Annotations {
  std::unordered_map<int, NodeAnnotation> nodes;  // by node id
  // Parallel to GraphSnapshot::roots (shorter is fine: missing = not a view).
  std::vector<std::optional<ViewBase>> view_bases;

  NodeAnnotation& operator[](int id) { return nodes[id]; }
  const NodeAnnotation* find(int id) const {
    auto it = nodes.find(id);
    return it == nodes.end() ? nullptr : &it->second;
  }
};

// The view bases of the tensors a snapshot was taken from, parallel to
// snapshot(ids, roots, ...).roots (tensors it skips are skipped here too).
std::vector<std::optional<ViewBase>> view_bases_of(autograd::NodeIds& ids, const std::vector<at::Tensor>& roots);

}  // namespace backstep::viz
