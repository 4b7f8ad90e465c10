#include "viz/structure.h"

#include "viz/loop_detect.h"

#include <algorithm>
#include <functional>
#include <string_view>
#include <unordered_map>

namespace backstep::viz {

namespace {

uint64_t mix(uint64_t h, uint64_t v) {
  // splitmix64's finaliser over an order-dependent combination.
  uint64_t x = h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t hash_text(std::string_view s) { return std::hash<std::string_view>{}(s); }

// A node matches its counterpart in another iteration when the same
// operator was created by the same source span. Without a span only the
// name-only mode may match it (it would otherwise fold unrelated code).
uint64_t node_key(const model::Node& n, const StructureOptions& opt) {
  uint64_t h = hash_text(n.name);
  if (opt.name_only) return h;
  if (!n.has_origin) return mix(h, 0xfeedULL + static_cast<uint64_t>(n.id));
  h = mix(h, hash_text(n.file));
  h = mix(h, (uint64_t(n.line) << 32) | n.col);
  return mix(h, (uint64_t(n.end_line) << 32) | n.end_col);
}

// A call matches when it was made from the same call site and created the
// same items (so its content can be mapped position by position).
uint64_t group_key(const Group& g, const StructureOptions& opt) {
  uint64_t h = mix(hash_text(g.frame.function), g.items.size());
  if (g.frame.is_module()) h = mix(h, hash_text(g.frame.module_type));
  if (!opt.name_only) h = mix(mix(h, hash_text(g.frame.call_file)), (uint64_t(g.frame.call_line) << 32) | g.frame.call_col);
  for (uint64_t k : g.keys) h = mix(h, k);
  return h;
}

int common_group(const Structure& s, int a, int b) {
  while (a != b) {
    if (s.groups[a].depth >= s.groups[b].depth) a = s.groups[a].parent;
    else b = s.groups[b].parent;
    if (a < 0 || b < 0) return 0;
  }
  return a;
}

// The item position in group `level` (an ancestor of the node's group, or
// the group itself) that holds the node; -1 for a leaf placed at that level.
int lift(const Structure& s, int node, int level) {
  int g = s.group_of[node];
  if (g == level) return s.pos_of[node];
  while (g >= 0 && s.groups[g].parent != level) g = s.groups[g].parent;
  return g < 0 ? -1 : s.groups[g].pos_in_parent;
}

struct FoldStep {
  int fold;
  size_t iteration;
};

// The folds covering an item, outermost first, with the iteration it is in.
std::vector<FoldStep> fold_chain(const Structure& s, int group, int pos) {
  std::vector<FoldStep> chain;
  if (pos < 0) return chain;
  for (int f = s.groups[group].fold_at[pos]; f >= 0; f = s.folds[f].parent)
    chain.push_back(FoldStep{f, s.folds[f].iteration_of(static_cast<size_t>(pos))});
  std::reverse(chain.begin(), chain.end());
  return chain;
}

// How many leading steps two chains share (same fold, same iteration).
size_t shared_steps(const std::vector<FoldStep>& a, const std::vector<FoldStep>& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i].fold == b[i].fold && a[i].iteration == b[i].iteration) ++i;
  return i;
}

class Analyser {
 public:
  Analyser(const model::Graph& graph, const StructureOptions& opt) : g_(graph), opt_(opt) {}

  Structure run() {
    size_t n = g_.nodes.size();
    s_.group_of.assign(n, 0);
    s_.pos_of.assign(n, -1);
    s_.rep.resize(n);
    for (size_t i = 0; i < n; ++i) s_.rep[i] = static_cast<int>(i);
    s_.place.assign(n, Placement{});
    s_.groups.emplace_back();  // the top
    link_edges();
    build_groups();
    place_leaves_in_groups();
    order_and_key_groups();
    if (opt_.fold_loops) detect(0, 0, s_.groups[0].items.size());
    s_.mirror = s_.rep;
    resolve_reps();
    fold_leaves();
    place_nodes();
    return std::move(s_);
  }

 private:
  void link_edges() {
    size_t n = g_.nodes.size();
    s_.next.resize(n);
    s_.consumers.resize(n);
    for (const auto& e : g_.edges) {
      int from = g_.index_of(e.from), to = g_.index_of(e.to);
      if (from < 0 || to < 0) continue;
      s_.next[from].emplace_back(e.index, to);
      auto& c = s_.consumers[to];
      if (c.empty() || c.back() != from) c.push_back(from);
    }
    for (auto& c : s_.consumers) {
      std::sort(c.begin(), c.end());
      c.erase(std::unique(c.begin(), c.end()), c.end());
    }
  }

  int group_for_call(int parent, const model::Frame& f) {
    auto [it, fresh] = group_by_call_.try_emplace(f.call_id, 0);
    if (!fresh) return it->second;
    Group g;
    g.parent = parent;
    g.depth = s_.groups[parent].depth + 1;
    g.frame = f;
    it->second = static_cast<int>(s_.groups.size());
    s_.groups.push_back(std::move(g));
    s_.groups[parent].items.push_back(Item{-1, it->second});
    s_.max_depth = std::max(s_.max_depth, s_.groups.back().depth);
    return it->second;
  }

  void build_groups() {
    for (size_t i = 0; i < g_.nodes.size(); ++i) {
      const auto& node = g_.nodes[i];
      s_.any_origin = s_.any_origin || node.has_origin;
      if (node.is_leaf) continue;
      int group = 0;
      for (const auto& f : opt_.by_modules ? node.modules : node.calls) group = group_for_call(group, f);
      s_.group_of[i] = group;
      s_.groups[group].items.push_back(Item{static_cast<int>(i), -1});
    }
  }

  void place_leaves_in_groups() {
    for (size_t i = 0; i < g_.nodes.size(); ++i) {
      if (!g_.nodes[i].is_leaf) continue;
      const auto& c = s_.consumers[i];
      int group = c.empty() ? 0 : s_.group_of[c[0]];
      for (int consumer : c) group = common_group(s_, group, s_.group_of[consumer]);
      s_.group_of[i] = group;
    }
  }

  // Deepest groups first, so a call's first_seq and key are known before
  // its parent sorts and keys its items.
  void order_and_key_groups() {
    std::vector<int> order(s_.groups.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return s_.groups[a].depth > s_.groups[b].depth; });
    for (int gi : order) {
      Group& grp = s_.groups[gi];
      auto seq_of = [&](const Item& it) { return it.node >= 0 ? g_.nodes[it.node].seq : s_.groups[it.group].first_seq; };
      std::stable_sort(grp.items.begin(), grp.items.end(), [&](const Item& a, const Item& b) { return seq_of(a) < seq_of(b); });
      grp.keys.clear();
      for (size_t p = 0; p < grp.items.size(); ++p) {
        const Item& it = grp.items[p];
        if (it.node >= 0) {
          s_.pos_of[it.node] = static_cast<int>(p);
          grp.keys.push_back(node_key(g_.nodes[it.node], opt_));
          grp.node_count += 1;
        } else {
          s_.groups[it.group].pos_in_parent = static_cast<int>(p);
          grp.keys.push_back(s_.groups[it.group].key);
          grp.node_count += s_.groups[it.group].node_count;
        }
        grp.first_seq = std::min(grp.first_seq, seq_of(it));
      }
      grp.fold_at.assign(grp.items.size(), -1);
      grp.key = group_key(grp, opt_);
    }
    for (size_t i = 0; i < g_.nodes.size(); ++i)
      if (g_.nodes[i].is_leaf)
        for (int gi = s_.group_of[i]; gi >= 0; gi = s_.groups[gi].parent) s_.groups[gi].node_count += 1;
  }

  // Folds repeats among items [begin, end) of a group, then looks inside
  // what stays visible: the last iteration of each fold (nested loops) and
  // the calls outside any fold.
  void detect(int gi, size_t begin, size_t end) {
    std::vector<Repeat> repeats = find_repeats(s_.groups[gi].keys, begin, end, opt_.min_repeats);
    size_t cursor = begin;
    for (const Repeat& r : repeats) {
      detect_children(gi, cursor, r.start);
      int fold = add_fold(gi, r);
      const Fold f = s_.folds[fold];  // a copy: nested detection adds folds
      size_t rep = f.rep_begin();
      for (size_t k = 0; k + 1 < f.count; ++k)
        for (size_t j = 0; j < f.period; ++j)
          map_item(s_.groups[gi].items[f.start + k * f.period + j], s_.groups[gi].items[rep + j]);
      detect(gi, rep, rep + r.period);
      cursor = r.end();
    }
    detect_children(gi, cursor, end);
  }

  void detect_children(int gi, size_t begin, size_t end) {
    for (size_t p = begin; p < end; ++p) {
      int child = s_.groups[gi].items[p].group;
      if (child >= 0) detect(child, 0, s_.groups[child].items.size());
    }
  }

  int add_fold(int gi, const Repeat& r) {
    Group& grp = s_.groups[gi];
    Fold f;
    f.group = gi;
    f.start = r.start;
    f.period = r.period;
    f.count = r.count;
    f.parent = grp.fold_at[r.start];  // the fold whose last iteration holds this one
    for (size_t p = r.start; p < r.end(); ++p) {
      const Item& it = grp.items[p];
      f.node_count += it.node >= 0 ? 1 : s_.groups[it.group].node_count;
    }
    int id = static_cast<int>(s_.folds.size());
    for (size_t p = r.start; p < r.end(); ++p) grp.fold_at[p] = id;
    s_.folds.push_back(f);
    return id;
  }

  // Equal keys promise equal content, so a call maps onto its counterpart
  // item by item (the size check only guards against a hash collision).
  void map_item(const Item& from, const Item& to) {
    if (from.node >= 0 && to.node >= 0) {
      s_.rep[from.node] = to.node;
      return;
    }
    if (from.group < 0 || to.group < 0) return;
    const auto& a = s_.groups[from.group].items;
    const auto& b = s_.groups[to.group].items;
    for (size_t i = 0; i < a.size() && i < b.size(); ++i) map_item(a[i], b[i]);
  }

  void resolve_reps() {
    for (size_t i = 0; i < s_.rep.size(); ++i) {
      int r = s_.rep[i];
      while (s_.rep[r] != r) r = s_.rep[r];
      s_.rep[i] = r;
    }
  }

  // A leaf folds with its consumers when every consumer was folded into a
  // node that takes, at the same next_functions position, one and the same
  // other leaf (a tensor made anew in every iteration). A parameter shared
  // by all iterations is what the last iteration uses too, so it stays.
  void fold_leaves() {
    for (size_t leaf = 0; leaf < g_.nodes.size(); ++leaf) {
      if (!g_.nodes[leaf].is_leaf || s_.consumers[leaf].empty()) continue;
      int target = -1;
      bool ok = true;
      for (int c : s_.consumers[leaf]) {
        int r = s_.rep[c];
        if (r == c) { ok = false; break; }
        for (auto [index, producer] : s_.next[c]) {
          if (producer != static_cast<int>(leaf)) continue;
          int counterpart = -1;
          for (auto [i2, p2] : s_.next[r])
            if (i2 == index) counterpart = p2;
          if (counterpart < 0 || counterpart == static_cast<int>(leaf) || !g_.nodes[counterpart].is_leaf ||
              (target >= 0 && counterpart != target)) {
            ok = false;
            break;
          }
          target = counterpart;
        }
        if (!ok) break;
      }
      if (ok && target >= 0) s_.rep[leaf] = target;
    }
  }

  void place_nodes();

  const model::Graph& g_;
  StructureOptions opt_;
  Structure s_;
  std::unordered_map<uint64_t, int> group_by_call_;
};


void Analyser::place_nodes() {
  for (size_t i = 0; i < g_.nodes.size(); ++i) {
    if (s_.rep[i] != static_cast<int>(i)) continue;
    int group = s_.group_of[i];
    if (!g_.nodes[i].is_leaf) {
      s_.place[i] = Placement{group, s_.groups[group].fold_at[s_.pos_of[i]]};
      continue;
    }
    // A leaf sits in the innermost fold iteration holding all its consumers:
    // inside the loop box when only that iteration uses it, outside when
    // several iterations share it.
    std::vector<FoldStep> common;
    bool first = true;
    for (int c : s_.consumers[i]) {
      auto chain = fold_chain(s_, group, lift(s_, c, group));
      if (first) common = std::move(chain);
      else common.resize(shared_steps(common, chain));
      first = false;
    }
    s_.place[i] = Placement{group, common.empty() ? -1 : common.back().fold};
  }
}

}  // namespace

Structure analyse(const model::Graph& graph, const StructureOptions& options) {
  return Analyser(graph, options).run();
}

namespace {

bool crosses_at_this_level(const Structure& s, int consumer, int producer) {
  if (s.pos_of[consumer] < 0 || s.pos_of[producer] < 0) return false;  // leaves repeat no iteration
  int level = common_group(s, s.group_of[consumer], s.group_of[producer]);
  auto a = fold_chain(s, level, lift(s, consumer, level));
  auto b = fold_chain(s, level, lift(s, producer, level));
  for (size_t i = 0; i < a.size() && i < b.size() && a[i].fold == b[i].fold; ++i)
    if (a[i].iteration != b[i].iteration) return true;
  return false;
}

}  // namespace

// Nested folds exist only inside the last iteration of their outer fold, so
// an edge within an earlier outer iteration is followed, one fold level at a
// time, to its counterpart there and judged again.
bool crosses_iterations(const Structure& s, int consumer, int producer) {
  while (true) {
    if (crosses_at_this_level(s, consumer, producer)) return true;
    int c = s.mirror[consumer], p = s.mirror[producer];
    if (c == consumer && p == producer) return false;
    consumer = c;
    producer = p;
  }
}

Placement parent_container(const Structure& s, Placement p) {
  if (p.group < 0) return Placement{-1, -1};
  if (p.fold >= 0) return Placement{p.group, s.folds[p.fold].parent};
  const Group& g = s.groups[p.group];
  if (g.parent < 0) return Placement{-1, -1};
  return Placement{g.parent, s.groups[g.parent].fold_at[g.pos_in_parent]};
}

}  // namespace backstep::viz
