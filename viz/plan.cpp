#include "viz/plan.h"

#include "viz/text_format.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>

namespace backstep::viz {

namespace {

// Longest-path ranks, as dot's first pass assigns them (edges closing a
// cycle are reversed by dot; here they are just skipped). Iterative: a deep
// chain of 100k nodes must not overflow the stack.
std::vector<int> ranks_of(const Scene& scene) {
  size_t n = scene.items.size();
  std::vector<std::vector<int>> out(n);
  for (size_t k = 0; k < scene.edges.size(); ++k)
    if (!scene.edges[k].carried) out[scene.edges[k].tail].push_back(static_cast<int>(k));
  std::vector<char> state(n, 0);  // 0 new, 1 on stack, 2 done
  std::vector<char> back(scene.edges.size(), 0);
  std::vector<int> post;
  std::vector<std::pair<int, size_t>> stack;
  for (size_t s = 0; s < n; ++s) {
    if (state[s]) continue;
    stack.emplace_back(static_cast<int>(s), 0);
    state[s] = 1;
    while (!stack.empty()) {
      auto& [v, next] = stack.back();
      if (next < out[v].size()) {
        int k = out[v][next++];
        int w = scene.edges[k].head;
        if (state[w] == 1) back[k] = 1;
        else if (state[w] == 0) {
          state[w] = 1;
          stack.emplace_back(w, 0);
        }
        continue;
      }
      state[v] = 2;
      post.push_back(v);
      stack.pop_back();
    }
  }
  std::vector<int> rank(n, 0);
  for (auto it = post.rbegin(); it != post.rend(); ++it)
    for (int k : out[*it])
      if (!back[k]) rank[scene.edges[k].head] = std::max(rank[scene.edges[k].head], rank[*it] + 1);
  // dot's ranking (network simplex) keeps edges short: whatever only feeds
  // later nodes (a leaf, `x[t] @ W` fed by a weight) sits right above its
  // first use, not at the top where longest paths leave it. Pulling every
  // node down to its earliest use (post-order visits uses first) models
  // that; sinks (outputs, saved tensors) keep their longest-path rank.
  for (int v : post) {
    int nearest = INT32_MAX;
    for (int k : out[v])
      if (!back[k]) nearest = std::min(nearest, rank[scene.edges[k].head]);
    if (nearest != INT32_MAX) rank[v] = nearest - 1;
  }
  return rank;
}

std::string describe_folds(const Plan& plan) {
  std::vector<size_t> counts;
  for (const auto& c : plan.scene.clusters)
    if (c.where.fold >= 0) counts.push_back(plan.structure.folds[c.where.fold].count);
  for (const auto& item : plan.scene.items)
    if (item.kind == ItemKind::LoopBox) counts.push_back(plan.structure.folds[item.fold].count);
  if (counts.empty()) return "";
  std::sort(counts.rbegin(), counts.rend());
  std::string s = std::to_string(counts.size()) + (counts.size() == 1 ? " loop folded (" : " loops folded (");
  for (size_t i = 0; i < counts.size() && i < 4; ++i) s += (i ? ", \u00d7" : "\u00d7") + thousands(counts[i]);
  return s + (counts.size() > 4 ? ", \u2026)" : ")");
}

class Planner {
 public:
  Planner(const model::Graph& g, const RenderOptions& o, ProgressReporter& p, const Budgets& b)
      : g_(g), o_(o), progress_(p), budgets_(b) {}

  Plan run() {
    progress_.stage("analysing " + thousands(g_.nodes.size()) + " nodes");
    by_modules_ = std::any_of(g_.nodes.begin(), g_.nodes.end(), [](const model::Node& n) { return !n.modules.empty(); });
    StructureOptions so{o_.fold_loops, static_cast<size_t>(std::max(2, o_.loop_min_repeats)), false, by_modules_};
    plan_.structure = analyse(g_, so);
    int depth = by_modules_ && o_.module_depth >= 0 ? o_.module_depth : o_.depth;
    SceneOptions first{depth, false, false, 0, o_.show_saved, o_.around.value_or(-1)};
    if (!o_.fit) {
      measure(first);
      bool sfdp = o_.layout == Layout::Sfdp || (o_.layout == Layout::Auto && cost_.dot() > budgets_.dot);
      choose(first, sfdp ? "sfdp" : "dot");
      return finish();
    }
    if (try_attempts(first)) return finish();
    if (o_.fold_loops && plan_.structure.any_origin == false) {
      // Without script positions loops can only be recognised by operator
      // names; done only now, since on a small graph it would fold
      // unrelated code that merely looks alike.
      progress_.stage("matching loops by operator name");
      plan_.structure = analyse(g_, StructureOptions{true, so.min_repeats, true, by_modules_});
      notes_.push_back("loops matched by operator names (no source positions)");
      if (try_attempts(first)) return finish();
    }
    if (o_.layout != Layout::Dot && cost_.sfdp() <= budgets_.sfdp) {
      choose(last_, "sfdp");
      notes_.push_back("laid out with sfdp: too large for dot even folded");
      return finish();
    }
    cut_off();
    return finish();
  }

 private:
  void measure(const SceneOptions& so) {
    progress_.stage("folding the graph");
    plan_.scene = project(g_, plan_.structure, so);
    labels_ = plan_.scene.items.size() <= budgets_.labels;
    cost_ = estimate_cost(plan_.scene, labels_);
    last_ = so;
    if (debug_)  // BACKSTEP_VIZ_DEBUG=1: how each attempt measured (for tuning the budgets)
      std::fprintf(stderr, "viz plan: depth %d clone %d compact %d keep %zu -> %zu items, %zu edges, %zu virtual\n",
                   so.depth, so.clone_leaves, so.compact_loops, so.keep, cost_.items, cost_.edges, cost_.virtual_nodes);
  }

  bool fits(const SceneOptions& so) {
    measure(so);
    if (o_.layout == Layout::Sfdp) return cost_.sfdp() <= budgets_.sfdp;
    return cost_.dot() <= budgets_.dot;
  }

  // As asked; then shared leaves per use; then calls collapsed from the
  // deepest level up; then every loop as one box.
  bool try_attempts(SceneOptions so) {
    if (fits(so)) return accept(so);
    so.clone_leaves = true;
    if (fits(so)) return accept(so);
    int deepest = plan_.structure.max_depth;
    for (int d = (so.depth >= 0 ? std::min(so.depth, deepest) : deepest) - 1; d >= 0; --d) {
      so.depth = d;
      if (fits(so)) return accept(so);
    }
    so.compact_loops = true;
    if (fits(so)) return accept(so);
    return false;
  }

  bool accept(const SceneOptions& so) {
    choose(so, o_.layout == Layout::Sfdp ? "sfdp" : "dot");
    return true;
  }

  // The scene measured last is the one drawn.
  void choose(const SceneOptions& so, const std::string& engine) {
    chosen_ = so;
    plan_.settings.engine = engine;
  }

  // The last resort: keep what is nearest the outputs, halving until dot is fast.
  void cut_off() {
    SceneOptions so = last_;
    so.keep = budgets_.cut_off;
    while (true) {
      measure(so);
      if (cost_.dot() <= budgets_.dot || so.keep <= 50) break;
      so.keep /= 2;
    }
    choose(so, "dot");
    notes_.push_back("cut off: " + thousands(plan_.scene.more_nodes) + " nodes farthest from the outputs in one box");
  }

  Plan finish() {
    const SceneOptions& so = chosen_;
    std::string folds = describe_folds(plan_);
    if (!folds.empty()) notes_.insert(notes_.begin(), folds);
    bool boxes = std::any_of(plan_.scene.items.begin(), plan_.scene.items.end(),
                             [](const SceneItem& i) { return i.kind == ItemKind::CallBox; });
    if (boxes)
      notes_.push_back((by_modules_ ? "modules nested deeper than " : "calls nested deeper than ") + std::to_string(so.depth) +
                       " drawn as boxes");
    if (so.clone_leaves) notes_.push_back("shared leaves drawn once per use");
    if (so.compact_loops) notes_.push_back("loops drawn as single boxes");
    plan_.folding = notes_;
    DotSettings& ds = plan_.settings;
    ds.show_saved = o_.show_saved;
    ds.show_grads = o_.show_grads;
    ds.rankdir = o_.rankdir.empty() ? "TB" : o_.rankdir;
    ds.title = o_.title;
    ds.legend = o_.legend;
    ds.edge_labels = labels_;
    ds.fast_layout = cost_.dot() > budgets_.fast_layout;
    return std::move(plan_);
  }

  const model::Graph& g_;
  const RenderOptions& o_;
  ProgressReporter& progress_;
  Budgets budgets_;
  Plan plan_;
  SceneOptions last_{}, chosen_{};
  LayoutCost cost_;
  bool labels_ = true;
  bool by_modules_ = false;  // clusters are nn.Module calls (some node knows its module)
  std::vector<std::string> notes_;
  bool debug_ = std::getenv("BACKSTEP_VIZ_DEBUG") != nullptr;
};

}  // namespace

LayoutCost estimate_cost(const Scene& scene, bool edge_labels) {
  LayoutCost cost;
  cost.items = scene.items.size();
  cost.edges = scene.edges.size();
  std::vector<int> rank = ranks_of(scene);
  for (const auto& e : scene.edges) {
    if (e.carried) continue;
    size_t span = static_cast<size_t>(std::abs(rank[e.head] - rank[e.tail]));
    // With edge labels dot doubles the ranks and puts each label on a node of its own.
    size_t chain = edge_labels ? 2 * span : span;
    if (chain > 1) cost.virtual_nodes += chain - 1;
  }
  return cost;
}

Plan make_plan(const model::Graph& graph, const RenderOptions& options, ProgressReporter& progress,
               const Budgets& budgets) {
  return Planner(graph, options, progress, budgets).run();
}

model::Graph neighbourhood(const model::Graph& graph, int id, int radius) {
  int centre = graph.index_of(id);
  if (centre < 0) return graph;
  size_t n = graph.nodes.size();
  std::vector<std::vector<int>> adjacent(n);
  for (const auto& e : graph.edges) {
    int a = graph.index_of(e.from), b = graph.index_of(e.to);
    if (a < 0 || b < 0) continue;
    adjacent[a].push_back(b);
    adjacent[b].push_back(a);
  }
  std::vector<int> distance(n, -1);
  std::deque<int> queue{centre};
  distance[centre] = 0;
  while (!queue.empty()) {
    int v = queue.front();
    queue.pop_front();
    if (distance[v] >= radius) continue;
    for (int w : adjacent[v])
      if (distance[w] < 0) {
        distance[w] = distance[v] + 1;
        queue.push_back(w);
      }
  }
  model::Graph out;
  out.has_states = graph.has_states;
  out.has_grads = graph.has_grads;
  for (size_t i = 0; i < n; ++i)
    if (distance[i] >= 0) out.nodes.push_back(graph.nodes[i]);
  out.reindex();
  for (const auto& e : graph.edges)
    if (out.index_of(e.from) >= 0 && out.index_of(e.to) >= 0) out.edges.push_back(e);
  for (const auto& r : graph.roots)
    if (out.index_of(r.node) >= 0) out.roots.push_back(r);
  return out;
}

}  // namespace backstep::viz
