#include "viz/legend.h"

#include "viz/palette.h"
#include "viz/text_format.h"

#include <cmath>

namespace backstep::viz {

namespace {

using namespace palette;

// What a picture draws, gathered in one pass so that the legend lists only
// what is there.
struct Used {
  bool backward = false, leaf = false, output = false, base = false;
  bool saved = false, saved_modified = false, saved_released = false;
  bool grad_scale = false, carries = false, born = false;
  bool done = false, pending = false, current = false, breakpoint = false;
  bool focus = false, clone = false;
  bool call_box = false, loop_box = false, more = false;
  bool loop_cluster = false, module_cluster = false, call_cluster = false;
  bool carried_edge = false;
};

void see_saved(Used& u, const model::Saved& s) {
  u.saved = true;
  u.saved_released = u.saved_released || s.released;
  u.saved_modified = u.saved_modified || (s.saved_version >= 0 && s.current_version >= 0 &&
                                          s.saved_version != s.current_version);
}

Used what_is_used(const StyleContext& ctx) {
  Used u;
  for (size_t i = 0; i < ctx.scene.items.size(); ++i) {
    const SceneItem& item = ctx.scene.items[i];
    const ItemSummary& sum = ctx.summaries[i];
    switch (item.kind) {
      case ItemKind::Node: (ctx.graph.nodes[item.node].is_leaf ? u.leaf : u.backward) = true; break;
      case ItemKind::CallBox: u.call_box = true; break;
      case ItemKind::LoopBox: u.loop_box = true; break;
      case ItemKind::More: u.more = true; break;
      case ItemKind::Saved: see_saved(u, ctx.graph.nodes[item.node].saved[item.saved]); break;
      case ItemKind::Output: u.output = true; break;
      case ItemKind::Base: u.base = true; break;
    }
    u.focus = u.focus || item.focus;
    u.clone = u.clone || item.clone;
    bool shows_grad = sum.grad && (ctx.show_grads || sum.grad->broken()) &&
                      (item.kind == ItemKind::Node || sum.grad->broken());
    if (shows_grad && sum.grad->broken()) u.carries = true;
    else if (shows_grad) u.grad_scale = true;
    u.born = u.born || sum.born.has_value();
    u.current = u.current || sum.current;
    u.breakpoint = u.breakpoint || sum.breakpoint;
    if (sum.current || sum.breakpoint) continue;
    if (sum.total > 0 && sum.done == sum.total) u.done = true;
    else if (sum.pending > 0) u.pending = true;
  }
  for (const auto& c : ctx.scene.clusters) {
    if (c.where.fold >= 0) u.loop_cluster = true;
    else if (ctx.structure.groups[c.where.group].frame.is_module()) u.module_cluster = true;
    else u.call_cluster = true;
  }
  for (const auto& e : ctx.scene.edges) u.carried_edge = u.carried_edge || e.carried;
  return u;
}

LegendEntry entry(std::string fill, std::string text) {
  LegendEntry e;
  e.fills = {std::move(fill)};
  e.text = std::move(text);
  return e;
}

LegendEntry bordered(std::string fill, std::string border, int width, std::string mark, std::string text) {
  LegendEntry e = entry(std::move(fill), std::move(text));
  e.border = std::move(border);
  e.border_width = width;
  e.mark = std::move(mark);
  return e;
}

LegendEntry grad_scale_entry(const StyleContext& ctx) {
  LegendEntry e;
  constexpr int kSteps = 5;
  double lo = ctx.grads.lowest(), hi = ctx.grads.highest();
  for (int i = 0; i < kSteps; ++i) {
    model::GradStats g;
    g.norm = lo * std::pow(hi / lo, static_cast<double>(i) / (kSteps - 1));
    e.fills.push_back(ctx.grads.colours(g).first);
  }
  e.text = "norm of the gradient a node receives, |g|=" + number_text(lo) + " (light) to " + number_text(hi) +
           " (dark), log scale";
  return e;
}

void add_node_entries(std::vector<LegendEntry>& out, const StyleContext& ctx, const Used& u) {
  if (u.backward) out.push_back(entry(kBackward, "backward node: its type, #id and the line that created it"));
  if (u.leaf) out.push_back(entry(kLeaf, "leaf tensor (AccumulateGrad): its name, shape and #id"));
  if (u.clone) {
    LegendEntry e = entry(kLeaf, "another copy of a leaf used in several places");
    e.dashed = true;
    out.push_back(e);
  }
  if (u.output) out.push_back(entry(kOutput, "output tensor the graph was drawn from"));
  if (u.base) out.push_back(entry(kBase, "base tensor of an output that is a view (dotted edge)"));
  if (u.saved) out.push_back(entry(kSaved, "tensor saved for backward (--saved)"));
  if (u.saved_modified) out.push_back(bordered(kSaved, kBroken, 2, "", "saved tensor modified in place since it was saved"));
  if (u.saved_released) {
    LegendEntry e = entry(kSaved, "saved tensor already freed by a backward");
    e.dashed = true;
    out.push_back(e);
  }
  if (u.grad_scale && !ctx.grads.empty()) out.push_back(grad_scale_entry(ctx));
  if (u.carries) out.push_back(entry(kBroken, "receives a NaN/Inf gradient (carries it on)"));
  if (u.born)
    out.push_back(bordered("white", kBroken, 3, "\u26a0",
                           "NaN/Inf born here: finite gradients in, NaN/Inf out (red double octagon)"));
}

void add_state_entries(std::vector<LegendEntry>& out, const Used& u) {
  if (u.current) out.push_back(bordered(kCurrentFill, kCurrent, 3, "\u25b6", "the node the debugger is paused at"));
  if (u.done) out.push_back(bordered("white", kDone, 2, "\u2713", "already ran in this backward"));
  if (u.pending) {
    LegendEntry e = entry("white", "will run in this backward");
    e.dashed = true;
    out.push_back(e);
  }
  if (u.breakpoint) out.push_back(bordered("white", kBreakpoint, 2, "", "a breakpoint matches it (double border)"));
  if (u.focus) out.push_back(bordered("white", kFocus, 3, "", "the node --around is centred on"));
}

void add_group_entries(std::vector<LegendEntry>& out, const Used& u) {
  auto group = [&](const char* fill, const char* border, bool dashed, std::string text) {
    LegendEntry e = entry(fill, std::move(text));
    e.border = border;
    e.dashed = dashed;
    e.rounded = true;
    out.push_back(e);
  };
  if (u.module_cluster) group(kModuleFill, kModule, false, "nn.Module call: its path, type and parameters");
  if (u.call_cluster) group("white", kCall, true, "call of a function of the program");
  if (u.loop_cluster) group(kLoopFill, kLoop, false, "repeated loop iterations, folded: the last one drawn");
  if (u.carried_edge) {
    LegendEntry e = entry("white", "dashed edge: gradient carried from one iteration to the next");
    e.border = kLoop;
    e.dashed = true;
    out.push_back(e);
  }
  if (u.call_box) out.push_back(entry(kCallBoxFill, "a call or module folded into one box (\u00d7N nodes)"));
  if (u.loop_box) out.push_back(bordered(kLoopBoxFill, kLoop, 1, "", "a whole loop folded into one box"));
  if (u.more) out.push_back(entry("white", "nodes cut off to keep the layout fast"));
}

std::string escaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

std::string swatch_cells(const LegendEntry& e) {
  std::string cells;
  // Graphviz's cells take no "rounded" (only tables do); the HTML page's legend rounds them.
  std::string style = e.dashed ? "dashed" : "";
  for (size_t i = 0; i < e.fills.size(); ++i) {
    bool one = e.fills.size() == 1;
    cells += "<TD BGCOLOR=\"" + escaped(e.fills[i]) + "\" COLOR=\"" + escaped(e.border) + "\" BORDER=\"" +
             std::to_string(e.border_width) + "\" WIDTH=\"" + (one ? "28" : "12") + "\" HEIGHT=\"12\"" +
             (style.empty() ? "" : " STYLE=\"" + style + "\"") + ">" + (one && !e.mark.empty() ? escaped(e.mark) : " ") +
             "</TD>";
  }
  return cells;
}

}  // namespace

std::vector<LegendEntry> legend_entries(const StyleContext& ctx) {
  Used u = what_is_used(ctx);
  std::vector<LegendEntry> out;
  add_node_entries(out, ctx, u);
  add_state_entries(out, u);
  add_group_entries(out, u);
  return out;
}

std::string legend_label(const std::vector<LegendEntry>& entries, const std::string& title) {
  std::string t = "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"3\" CELLPADDING=\"1\">";
  if (!title.empty()) t += "<TR><TD COLSPAN=\"2\" ALIGN=\"LEFT\"><B>" + escaped(title) + "</B></TD></TR>";
  for (const auto& e : entries) {
    t += "<TR><TD ALIGN=\"LEFT\"><TABLE BORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\"><TR>" + swatch_cells(e) +
         "</TR></TABLE></TD><TD ALIGN=\"LEFT\"><FONT POINT-SIZE=\"9\">" + escaped(e.text) + "</FONT></TD></TR>";
  }
  return t + "</TABLE>>";
}

}  // namespace backstep::viz
