#include "viz/scene.h"

#include <algorithm>
#include <deque>
#include <map>
#include <tuple>
#include <unordered_map>

namespace backstep::viz {

namespace {

uint64_t placement_key(Placement p) {
  return (uint64_t(uint32_t(p.group + 1)) << 32) | uint32_t(p.fold + 1);
}

class Projector {
 public:
  Projector(const model::Graph& g, const Structure& s, const SceneOptions& o) : g_(g), s_(s), o_(o) {}

  Scene run() {
    size_t n = g_.nodes.size();
    scene_.item_of_node.assign(n, -1);
    node_item_.assign(n, -1);
    for (size_t i = 0; i < n; ++i) {
      int item = item_for(s_.rep[i]);
      scene_.item_of_node[i] = item;
      scene_.items[item].count += 1;
    }
    add_flow_edges();
    add_roots();
    if (o_.clone_leaves) clone_shared_leaves();
    if (o_.keep > 0 && scene_.items.size() > o_.keep) cut_off();
    if (o_.show_saved) add_saved();
    return std::move(scene_);
  }

 private:
  // ---- where things go -------------------------------------------------

  bool collapses(Placement p) const {
    if (p.fold >= 0) return o_.compact_loops;
    return o_.depth >= 0 && p.group > 0 && s_.groups[p.group].depth > o_.depth;
  }

  // The outermost collapsed container around p (itself included), or
  // {-1, -1}: collapsing an outer call hides everything inside it.
  Placement box_target(Placement p) {
    auto key = placement_key(p);
    if (auto it = target_memo_.find(key); it != target_memo_.end()) return it->second;
    Placement outer = p.group < 0 ? Placement{-1, -1} : box_target(parent_container(s_, p));
    Placement result = outer.group >= 0 ? outer : (p.group >= 0 && collapses(p) ? p : Placement{-1, -1});
    target_memo_[key] = result;
    return result;
  }

  int cluster_of(Placement p) {
    if (p.group < 0 || (p.group == 0 && p.fold < 0)) return -1;
    auto key = placement_key(p);
    if (auto it = cluster_memo_.find(key); it != cluster_memo_.end()) return it->second;
    int parent = cluster_of(parent_container(s_, p));
    int id = static_cast<int>(scene_.clusters.size());
    scene_.clusters.push_back(SceneCluster{p, parent});
    cluster_memo_[key] = id;
    return id;
  }

  int add_item(SceneItem item) {
    scene_.items.push_back(item);
    return static_cast<int>(scene_.items.size()) - 1;
  }

  int item_for(int node) {
    if (node_item_[node] >= 0) return node_item_[node];
    Placement where = s_.place[node];
    Placement box = box_target(where);
    int item;
    if (box.group >= 0) {
      auto key = placement_key(box);
      auto it = box_item_.find(key);
      if (it == box_item_.end()) {
        SceneItem b;
        b.kind = box.fold >= 0 ? ItemKind::LoopBox : ItemKind::CallBox;
        b.group = box.group;
        b.fold = box.fold;
        b.cluster = cluster_of(parent_container(s_, box));
        it = box_item_.emplace(key, add_item(b)).first;
      }
      item = it->second;
    } else {
      SceneItem n;
      n.node = node;
      n.cluster = cluster_of(where);
      n.focus = g_.nodes[node].id == o_.focus;
      item = add_item(n);
    }
    node_item_[node] = item;
    return item;
  }

  // ---- edges -----------------------------------------------------------

  bool is_node(int item) const { return scene_.items[item].kind == ItemKind::Node; }

  // Edges between the same two items merge (×count) unless they are
  // different inputs of a node drawn as itself (x * x keeps both edges, as
  // torchviz draws them); folded copies of an edge carry the same index, so
  // they merge into the edge of the last iteration.
  void add_flow_edges() {
    std::map<std::tuple<int, int, bool, int>, int> seen;
    for (size_t k = 0; k < g_.edges.size(); ++k) {
      const auto& e = g_.edges[k];
      int consumer = g_.index_of(e.from), producer = g_.index_of(e.to);
      if (consumer < 0 || producer < 0) continue;
      int tail = scene_.item_of_node[producer], head = scene_.item_of_node[consumer];
      if (tail == head && !is_node(tail)) continue;  // inside one box
      bool carried = crosses_iterations(s_, consumer, producer);
      int index = is_node(tail) && is_node(head) ? e.index : -1;
      auto [it, fresh] = seen.try_emplace({tail, head, carried, index}, static_cast<int>(scene_.edges.size()));
      if (!fresh) {
        scene_.edges[it->second].count += 1;
        continue;
      }
      SceneEdge se;
      se.tail = tail;
      se.head = head;
      se.edge = static_cast<int>(k);
      se.carried = carried;
      scene_.edges.push_back(se);
    }
  }

  void add_roots() {
    for (size_t r = 0; r < g_.roots.size(); ++r) {
      const auto& root = g_.roots[r];
      SceneItem out;
      out.kind = ItemKind::Output;
      out.root = static_cast<int>(r);
      out.node = g_.index_of(root.node);
      int out_item = add_item(out);
      if (out.node >= 0) scene_.edges.push_back(SceneEdge{scene_.item_of_node[out.node], out_item, -1, 1, false, EdgeStyle::Flow});
      if (!root.base) continue;
      SceneItem base;
      base.kind = ItemKind::Base;
      base.root = static_cast<int>(r);
      base.node = g_.index_of(root.base->node);
      int base_item = add_item(base);
      if (base.node >= 0) scene_.edges.push_back(SceneEdge{scene_.item_of_node[base.node], base_item, -1, 1, false, EdgeStyle::Flow});
      scene_.edges.push_back(SceneEdge{base_item, out_item, -1, 1, false, EdgeStyle::ViewBase});
    }
  }

  // Every use of a shared leaf after the first gets its own copy, placed in
  // the cluster of the node using it.
  void clone_shared_leaves() {
    std::vector<int> uses(scene_.items.size(), 0);
    size_t edge_count = scene_.edges.size();
    for (size_t k = 0; k < edge_count; ++k) {
      SceneEdge& e = scene_.edges[k];
      const SceneItem& tail = scene_.items[e.tail];
      if (tail.kind != ItemKind::Node || !g_.nodes[tail.node].is_leaf || e.style != EdgeStyle::Flow) continue;
      if (uses[e.tail]++ == 0) continue;
      SceneItem copy = tail;
      copy.clone = true;
      copy.count = 0;
      copy.cluster = scene_.items[e.head].cluster;
      e.tail = add_item(copy);
    }
  }

  void add_saved() {
    size_t item_count = scene_.items.size();
    for (size_t i = 0; i < item_count; ++i) {
      // Copies, not a reference: add_item below grows scene_.items, which
      // would leave a reference dangling (found by AddressSanitizer).
      const SceneItem it = scene_.items[i];
      if (it.kind != ItemKind::Node || it.clone) continue;
      const auto& node = g_.nodes[it.node];
      for (size_t f = 0; f < node.saved.size(); ++f) {
        const auto& sv = node.saved[f];
        if (!sv.is_tensor() || (!sv.tensor.defined && !sv.released && !sv.packed())) continue;
        SceneItem saved;
        saved.kind = ItemKind::Saved;
        saved.node = it.node;
        saved.saved = static_cast<int>(f);
        saved.cluster = it.cluster;
        int s = add_item(saved);
        scene_.edges.push_back(SceneEdge{static_cast<int>(i), s, -1, 1, false, EdgeStyle::Saved});
      }
    }
  }

  void cut_off();

  const model::Graph& g_;
  const Structure& s_;
  SceneOptions o_;
  Scene scene_;
  std::vector<int> node_item_;
  std::unordered_map<uint64_t, Placement> target_memo_;
  std::unordered_map<uint64_t, int> cluster_memo_;
  std::unordered_map<uint64_t, int> box_item_;
};

// Keeps the `keep` items nearest the outputs (breadth first against the
// edges, so what a backward reaches first stays) and draws the rest as one
// box, so that even a graph without any structure renders quickly.
void Projector::cut_off() {
  size_t n = scene_.items.size();
  std::vector<std::vector<int>> producers(n);
  for (const auto& e : scene_.edges) producers[e.head].push_back(e.tail);
  std::vector<char> kept(n, 0);
  std::deque<int> queue;
  size_t kept_count = 0;
  auto visit = [&](int item) {
    if (kept[item] || kept_count >= o_.keep) return;
    kept[item] = 1;
    ++kept_count;
    queue.push_back(item);
  };
  for (size_t i = 0; i < n; ++i)
    if (scene_.items[i].kind == ItemKind::Output) visit(static_cast<int>(i));
  for (const auto& root : g_.roots)
    if (int r = g_.index_of(root.node); r >= 0) visit(scene_.item_of_node[r]);
  if (queue.empty()) visit(0);
  while (!queue.empty()) {
    int item = queue.front();
    queue.pop_front();
    for (int p : producers[item]) visit(p);
  }
  SceneItem more;
  more.kind = ItemKind::More;
  std::vector<int> remap(n);
  std::vector<SceneItem> items;
  for (size_t i = 0; i < n; ++i) {
    if (kept[i]) {
      remap[i] = static_cast<int>(items.size());
      items.push_back(scene_.items[i]);
    } else {
      more.count += scene_.items[i].count;
    }
  }
  int more_item = static_cast<int>(items.size());
  items.push_back(more);
  for (size_t i = 0; i < n; ++i)
    if (!kept[i]) remap[i] = more_item;
  scene_.more_nodes = more.count;
  std::map<std::tuple<int, int, int>, int> seen;
  std::vector<SceneEdge> edges;
  for (SceneEdge e : scene_.edges) {
    bool touches_more = !kept[e.tail] || !kept[e.head];
    e.tail = remap[e.tail];
    e.head = remap[e.head];
    if (touches_more) {
      if (e.tail == e.head) continue;
      auto [it, fresh] = seen.try_emplace({e.tail, e.head, int(e.style)}, static_cast<int>(edges.size()));
      if (!fresh) {
        edges[it->second].count += e.count;
        continue;
      }
    }
    edges.push_back(e);
  }
  for (auto& item : scene_.item_of_node) item = remap[item];
  scene_.items = std::move(items);
  scene_.edges = std::move(edges);
}

}  // namespace

Scene project(const model::Graph& graph, const Structure& structure, const SceneOptions& options) {
  return Projector(graph, structure, options).run();
}

}  // namespace backstep::viz
