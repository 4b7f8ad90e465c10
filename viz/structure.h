// The program's structure read back from a graph: which script call made
// each node (nested groups, one per call), and which loop iterations repeat
// one another (folds). Folding and clustering in every picture start here.
//
// A group holds the nodes a call created and the calls it made, as items in
// creation order. Leaves (AccumulateGrad) are not items: a parameter is
// created where it is first used, which would make the first iteration of
// every loop look different from the others; a leaf belongs to the lowest
// group holding all of its consumers instead.
//
// A fold is a run of items in one group whose keys repeat: `count`
// iterations of `period` items. The last iteration stands for all of them
// (it is nearest to the output, where a backward starts); every node of an
// earlier iteration maps to the node at the same place in the last one.
#pragma once

#include "viz/model.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace backstep::viz {

struct Item {
  int node = -1;   // a node index, or
  int group = -1;  // a child group
};

struct Group {
  int parent = -1;          // -1 for the top (module level)
  int pos_in_parent = -1;   // its item position in the parent
  int depth = 0;            // script calls around it; 0 is the top
  model::Frame frame;       // the call (depth >= 1)
  std::vector<Item> items;  // creation order
  std::vector<uint64_t> keys;  // per item: what a loop iteration must repeat
  std::vector<int> fold_at;    // per item: innermost fold covering it, -1 none
  uint64_t key = 0;            // this call as an item of its parent
  uint64_t first_seq = UINT64_MAX;
  size_t node_count = 0;    // nodes inside, nested calls and placed leaves included
};

struct Fold {
  int group = -1;
  size_t start = 0, period = 0, count = 0;  // items [start, start + period × count)
  int parent = -1;          // enclosing fold in the same group (nested loops), -1 none
  size_t node_count = 0;    // nodes in all iterations
  size_t rep_begin() const { return start + (count - 1) * period; }
  size_t iteration_of(size_t pos) const { return (pos - start) / period; }
};

// Where something is drawn: a group and, inside it, the innermost fold (-1 none).
struct Placement {
  int group = 0;
  int fold = -1;
};

struct StructureOptions {
  bool fold_loops = true;
  size_t min_repeats = 3;
  // Match nodes by operator name alone (graphs built without script
  // positions); normally the creating source span is part of the key.
  bool name_only = false;
  // Groups are the nn.Module calls that made the nodes (Node::modules),
  // not the script calls: the picture's clusters are then the model's
  // modules. A call matches another only of the same module (path and type).
  bool by_modules = false;
};

struct Structure {
  std::vector<Group> groups;  // [0] is the top
  std::vector<Fold> folds;
  std::vector<int> group_of;  // per node index
  std::vector<int> pos_of;    // per node index: item position (-1 for leaves)
  std::vector<int> rep;       // per node index: the node drawn for it (itself when not folded away)
  std::vector<int> mirror;    // per node index: its counterpart one fold level in (itself if none)
  std::vector<Placement> place;  // per node index (meaningful where rep[i] == i)
  std::vector<std::vector<std::pair<int, int>>> next;  // per node: (next_functions index, producer index)
  std::vector<std::vector<int>> consumers;             // per node: consumer indices (once each)
  int max_depth = 0;
  bool any_origin = false;  // some node knows its script position
};

Structure analyse(const model::Graph& graph, const StructureOptions& options);

// True when the edge consumer -> producer joins two different iterations of
// a fold (a loop-carried value, like an RNN's hidden state), at any level
// of nesting.
bool crosses_iterations(const Structure& s, int consumer, int producer);

// The cluster around a placement's fold or group, one level out: the
// enclosing fold, else the group, else the group's own container.
Placement parent_container(const Structure& s, Placement p);

}  // namespace backstep::viz
