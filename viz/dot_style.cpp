#include "viz/dot_style.h"

#include "viz/dot_writer.h"
#include "viz/module_label.h"
#include "viz/palette.h"
#include "viz/text_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace backstep::viz {

namespace {

using namespace palette;

std::string join_lines(const std::vector<std::string>& lines) {
  std::string s;
  for (size_t i = 0; i < lines.size(); ++i) s += (i ? "\n" : "") + lines[i];
  return s;
}

std::string hex(int r, int g, int b) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", r, g, b);
  return buf;
}

std::string state_mark(const ItemSummary& s) {
  if (s.current) return "\u25b6 ";                    // ▶
  if (s.total > 0 && s.done == s.total) return "\u2713 ";  // ✓
  return "";
}

void add_state(Attrs& a, const ItemSummary& s, std::string& style, bool grad_fill) {
  if (s.current) {
    a.emplace_back("color", kCurrent);
    a.emplace_back("penwidth", "3");
    if (!grad_fill) a.emplace_back("fillcolor", kCurrentFill);
  } else if (s.breakpoint) {
    a.emplace_back("color", kBreakpoint);
    a.emplace_back("penwidth", "2.5");
  } else if (s.total > 0 && s.done == s.total) {
    a.emplace_back("color", kDone);
    a.emplace_back("penwidth", "2");
  } else if (s.pending > 0) {
    style += ",dashed";
  }
  if (s.breakpoint) a.emplace_back("peripheries", "2");
}

// "Inf born here": what the node produced from finite gradients.
std::string born_text(const model::GradStats& produced) {
  const char* what = produced.nan && produced.inf ? "NaN/Inf" : produced.nan ? "NaN" : "Inf";
  return std::string("\u26a0 ") + what + " born here";  // ⚠
}

// Later attributes win in DOT: the origin's border and shape override the
// state's, so nothing else looks like it.
void mark_born(Attrs& a) {
  a.emplace_back("shape", kBornShape);
  a.emplace_back("color", kBroken);
  a.emplace_back("penwidth", "3");
}

std::vector<std::string> hook_lines(const model::Node& n) {
  if (n.hooks() == 0) return {};
  std::string s = "hooks:";
  if (n.pre_hooks) s += " " + std::to_string(n.pre_hooks) + " pre";
  if (n.post_hooks) s += " " + std::to_string(n.post_hooks) + " post";
  if (n.tensor_hooks) s += " " + std::to_string(n.tensor_hooks) + " tensor";
  return {s};
}

// Non-tensor saved values under the name, as torchviz's show_attrs does;
// dtypes and opaque values (layouts, options) only in the details, where
// they do not crowd the picture.
std::vector<std::string> saved_value_lines(const model::Node& n) {
  std::vector<std::string> lines;
  for (const auto& s : n.saved) {
    if (s.is_tensor() || s.kind == "TensorList" || s.kind == "ScalarType" || s.kind == "Opaque") continue;
    if (lines.size() == 3) {
      lines.push_back("\u2026");
      break;
    }
    lines.push_back(s.name + "=" + truncated(s.released ? "<released>" : s.value, 24));
  }
  return lines;
}

Attrs node_attrs(const StyleContext& ctx, const SceneItem& item, const ItemSummary& sum) {
  const model::Node& n = ctx.graph.nodes[item.node];
  std::vector<std::string> lines;
  std::string id = "#" + std::to_string(n.id);
  if (n.is_leaf) {
    if (!n.leaf_name().empty()) lines.push_back(n.leaf_name());
    lines.push_back(shape_text(n.leaf_tensor.shape) + (n.leaf_tensor.device.empty() ? "" : " " + n.leaf_tensor.device));
    // A leaf made anew in every iteration of a folded loop: say how many.
    lines.push_back(item.count > 1 ? id + " \u00d7" + thousands(item.count) : id);
  } else {
    lines.push_back(display_name(n.name));
    std::string where = short_location(n);
    lines.push_back(where.empty() ? id : id + "  " + where);
  }
  lines[0] = state_mark(sum) + lines[0];
  for (auto& l : hook_lines(n)) lines.push_back(l);
  if (ctx.show_saved)
    for (auto& l : saved_value_lines(n)) lines.push_back(l);
  bool grad_fill = false;
  Attrs a;
  std::string fill = n.is_leaf ? kLeaf : kBackward, font;
  if (sum.grad && (ctx.show_grads || sum.grad->broken())) {
    lines.push_back(grad_text(*sum.grad));
    std::tie(fill, font) = ctx.grads.colours(*sum.grad);
    grad_fill = true;
  }
  if (sum.born) lines.push_back(born_text(*sum.born));
  if (sum.total > 1 && sum.done > 0 && sum.done < sum.total)
    lines.push_back("done " + std::to_string(sum.done) + "/" + std::to_string(sum.total));
  std::string style = "filled";
  if (item.clone) style += ",dashed";
  add_state(a, sum, style, grad_fill);
  if (sum.born) mark_born(a);
  if (item.focus) {
    a.emplace_back("color", kFocus);
    a.emplace_back("penwidth", "3");
  }
  a.emplace_back("label", join_lines(lines));
  a.emplace_back("fillcolor", fill);
  if (!font.empty()) a.emplace_back("fontcolor", font);
  if (style != "filled") a.emplace_back("style", style);
  std::vector<std::string> tip = node_details(n);
  if (item.count > 1) tip.push_back("stands for " + std::to_string(item.count) + " nodes (one per loop iteration)");
  if (item.clone) tip.push_back("(a copy: this leaf is used in several places)");
  a.emplace_back("tooltip", join_lines(tip));
  return a;
}

Attrs box_attrs(const StyleContext& ctx, const SceneItem& item, const ItemSummary& sum) {
  std::vector<std::string> lines;
  Attrs a;
  if (item.kind == ItemKind::CallBox) {
    const model::Frame& f = ctx.structure.groups[item.group].frame;
    lines.push_back(state_mark(sum) + (f.is_module() ? frame_text(f) : f.function) + " \u00d7" + thousands(item.count) +
                    " nodes");
    if (f.call_line) lines.push_back(base_name(f.call_file) + ":" + std::to_string(f.call_line));
    if (f.is_module())
      if (std::string params = params_text(module_param_count(ctx.graph, ctx.structure, item.group)); !params.empty())
        lines.push_back(params);
    a.emplace_back("fillcolor", kCallBoxFill);
  } else if (item.kind == ItemKind::LoopBox) {
    const Fold& f = ctx.structure.folds[item.fold];
    lines.push_back(state_mark(sum) + "loop \u00d7" + thousands(f.count));
    lines.push_back(thousands(f.node_count / f.count) + " nodes each  " + fold_lines(ctx.graph, ctx.structure, item.fold));
    a.emplace_back("fillcolor", kLoopBoxFill);
    a.emplace_back("color", kLoop);
  } else {
    lines.push_back("\u2026 " + thousands(item.count) + " more nodes");
    lines.push_back("(use --around or --depth)");
    a.emplace_back("fillcolor", "white");
    a.emplace_back("shape", "note");
  }
  if (sum.grad && sum.grad->broken()) {
    lines.push_back(grad_text(*sum.grad));
    a.emplace_back("fillcolor", kBroken);
    a.emplace_back("fontcolor", "white");
  }
  if (sum.born) lines.push_back(born_text(*sum.born));
  std::string style = "filled";
  add_state(a, sum, style, false);
  if (sum.born) mark_born(a);
  if (item.kind != ItemKind::More && !sum.born) a.emplace_back("shape", "box3d");
  if (style != "filled") a.emplace_back("style", style);
  a.emplace_back("label", join_lines(lines));
  bool module = item.kind == ItemKind::CallBox && ctx.structure.groups[item.group].frame.is_module();
  a.emplace_back("tooltip", join_lines(lines) + "\n(click to see the nodes inside: render with a larger " +
                                (module ? "--module-depth)" : "--depth)"));
  return a;
}

Attrs tensor_attrs(const StyleContext& ctx, const SceneItem& item) {
  Attrs a;
  if (item.kind == ItemKind::Saved) {
    const model::Node& owner = ctx.graph.nodes[item.node];
    const model::Saved& s = owner.saved[item.saved];
    std::string shape = s.released ? "(released)" : s.packed() ? "(packed by hook)" : shape_text(s.tensor.shape);
    a.emplace_back("label", s.name + "\n" + shape);
    a.emplace_back("fillcolor", kSaved);
    std::string tip = "saved by " + display_name(owner.name) + " #" + std::to_string(owner.id) + ": " + s.name + " " +
                      meta_text(s.tensor);
    if (s.saved_version >= 0 && s.current_version >= 0 && s.saved_version != s.current_version) {
      tip += "\nmodified in place since it was saved (version " + std::to_string(s.saved_version) + " \u2192 " +
             std::to_string(s.current_version) + ")";
      a.emplace_back("color", kBroken);
      a.emplace_back("penwidth", "2");
    }
    if (s.released) a.emplace_back("style", "filled,dashed");
    a.emplace_back("tooltip", tip);
    return a;
  }
  const model::Root& root = ctx.graph.roots[item.root];
  if (item.kind == ItemKind::Output) {
    a.emplace_back("label", (root.var.empty() ? "" : root.var + "\n") + shape_text(root.tensor.shape));
    a.emplace_back("fillcolor", kOutput);
    a.emplace_back("tooltip", "output " + (root.var.empty() ? std::string("tensor") : root.var) + " " + meta_text(root.tensor));
  } else {
    a.emplace_back("label", "base\n" + shape_text(root.base->tensor.shape));
    a.emplace_back("fillcolor", kBase);
    a.emplace_back("tooltip", "the base tensor " + meta_text(root.base->tensor) + " that the output is a view of");
  }
  return a;
}

}  // namespace

void GradScale::add(double norm) {
  if (!(norm > 0) || !std::isfinite(norm)) return;
  double l = std::log10(norm);
  lo_ = any_ ? std::min(lo_, l) : l;
  hi_ = any_ ? std::max(hi_, l) : l;
  any_ = true;
}

double GradScale::lowest() const { return std::pow(10.0, lo_); }
double GradScale::highest() const { return std::pow(10.0, hi_); }

std::pair<std::string, std::string> GradScale::colours(const model::GradStats& g) const {
  if (g.broken()) return {kBroken, "white"};
  if (!(g.norm > 0)) return {"white", ""};
  // ColorBrewer's Purples: light for small norms, dark for large ones.
  static const int stops[][3] = {{0xef, 0xed, 0xf5}, {0xda, 0xda, 0xeb}, {0xbc, 0xbd, 0xdc}, {0x9e, 0x9a, 0xc8},
                                 {0x80, 0x7d, 0xba}, {0x6a, 0x51, 0xa3}, {0x54, 0x27, 0x8f}};
  constexpr int last = 6;
  double t = hi_ > lo_ ? (std::log10(g.norm) - lo_) / (hi_ - lo_) : 0.5;
  t = std::clamp(t, 0.0, 1.0) * last;
  int i = std::min(static_cast<int>(t), last - 1);
  double f = t - i;
  auto mixc = [&](int c) { return static_cast<int>(stops[i][c] + f * (stops[i + 1][c] - stops[i][c]) + 0.5); };
  return {hex(mixc(0), mixc(1), mixc(2)), t > 3.6 ? "white" : ""};
}

std::vector<std::string> node_details(const model::Node& n) {
  std::vector<std::string> lines;
  lines.push_back(display_name(n.name) + " #" + std::to_string(n.id));
  if (n.is_leaf)
    lines.push_back("leaf " + (n.leaf_name().empty() ? std::string("tensor") : n.leaf_name()) + " " + meta_text(n.leaf_tensor));
  if (n.is_leaf && !n.leaf_param.empty() && !n.leaf_var.empty()) lines.push_back("script name " + n.leaf_var);
  if (!n.modules.empty()) {
    std::string stack;
    for (const auto& m : n.modules) stack += (stack.empty() ? "" : " > ") + frame_text(m);
    lines.push_back("module " + stack);
  }
  if (n.has_origin) {
    lines.push_back((n.is_leaf ? "first used at " : "created at ") + full_location(n));
    if (!n.source_text.empty()) lines.push_back("    " + truncated(n.source_text, 80));
  }
  for (auto it = n.calls.rbegin(); it != n.calls.rend(); ++it) lines.push_back("in " + frame_text(*it));
  for (size_t i = 0; i < n.inputs.size(); ++i)
    lines.push_back("input " + std::to_string(i) + ": " + meta_text(n.inputs[i]));
  for (auto& l : hook_lines(n)) lines.push_back(l);
  for (size_t i = 0; i < n.grad_in.size(); ++i)
    if (n.grad_in[i]) lines.push_back("grad in " + std::to_string(i) + ": " + grad_text(*n.grad_in[i]));
  for (size_t i = 0; i < n.grad_out.size(); ++i)
    if (n.grad_out[i]) lines.push_back("grad out " + std::to_string(i) + ": " + grad_text(*n.grad_out[i]));
  return lines;
}

StyleContext make_style_context(const model::Graph& graph, const Structure& structure, const Scene& scene,
                                bool show_saved, bool show_grads) {
  StyleContext ctx{graph, structure, scene, show_saved, show_grads, {}, {}};
  ctx.summaries.resize(scene.items.size());
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    int item = scene.item_of_node[i];
    if (item < 0) continue;
    const model::Node& n = graph.nodes[i];
    ItemSummary& s = ctx.summaries[item];
    s.total += 1;
    s.done += n.state == model::State::Done;
    s.pending += n.state == model::State::Pending;
    s.current = s.current || n.state == model::State::Current;
    s.breakpoint = s.breakpoint || n.breakpoint;
    if (!s.born && n.nonfinite_born_here())
      for (const auto& produced : n.grad_out)
        if (produced && produced->broken() && !s.born) s.born = produced;
    auto g = combined_incoming(n);
    if (!g) continue;
    ctx.grads.add(g->norm);
    bool worse = !s.grad || (g->broken() && !s.grad->broken()) ||
                 (g->broken() == s.grad->broken() && g->norm > s.grad->norm);
    if (worse) s.grad = g;
  }
  for (size_t i = 0; i < scene.items.size(); ++i)  // a leaf's copies look like the leaf
    if (scene.items[i].clone) ctx.summaries[i] = ctx.summaries[scene.item_of_node[scene.items[i].node]];
  return ctx;
}

Attrs item_attrs(const StyleContext& ctx, int index) {
  const SceneItem& item = ctx.scene.items[index];
  const ItemSummary& sum = ctx.summaries[index];
  switch (item.kind) {
    case ItemKind::Node: return node_attrs(ctx, item, sum);
    case ItemKind::CallBox:
    case ItemKind::LoopBox:
    case ItemKind::More: return box_attrs(ctx, item, sum);
    default: return tensor_attrs(ctx, item);
  }
}

Attrs edge_attrs(const StyleContext& ctx, const SceneEdge& e, bool labels) {
  Attrs a;
  if (e.style == EdgeStyle::Saved) {
    a.emplace_back("dir", "none");
    return a;
  }
  if (e.style == EdgeStyle::ViewBase) {
    a.emplace_back("style", "dotted");
    return a;
  }
  std::string text;
  if (e.edge >= 0) {
    const model::Edge& me = ctx.graph.edges[e.edge];
    const model::Node* producer = ctx.graph.node(me.to);
    if (producer && me.input_nr >= 0 && static_cast<size_t>(me.input_nr) < producer->inputs.size())
      text = meta_text(producer->inputs[me.input_nr]);
  }
  // Inside a folded loop an edge stands for one per iteration, as the less
  // folded of its ends does: that count says nothing. Where it differs (a
  // weight used by every iteration, a value carried K-1 times) it is shown.
  const SceneItem& tail = ctx.scene.items[e.tail];
  const SceneItem& head = ctx.scene.items[e.head];
  bool implied = e.count == std::min(tail.count, head.count);
  if (e.count > 1 && !implied) text += (text.empty() ? "\u00d7" : " \u00d7") + thousands(e.count);
  if (e.carried) {
    a.emplace_back("style", "dashed");
    a.emplace_back("color", kLoop);
    a.emplace_back("fontcolor", kLoop);
    a.emplace_back("constraint", "false");  // a back edge: must not stretch the ranks
  }
  if (!text.empty()) {
    a.emplace_back(labels ? "label" : "tooltip", text);
    if (labels) a.emplace_back("tooltip", text + (e.carried ? " (carried to the next iteration)" : ""));
  }
  return a;
}

}  // namespace backstep::viz
