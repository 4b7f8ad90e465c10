// The text tree `:graph EXPR` prints: from each root down the
// next_functions, one line per node with its id, name, line and state.
//
//   loss = #0 SumBackward0  prog.py:9
//   └─ #1 TanhBackward0  prog.py:7  [done]
//      ├─ #2 MmBackward0  prog.py:7
//      │  └─ #5 AccumulateGrad  w f32[3, 4]
//      └─ ↑ #5 AccumulateGrad (above)
//
// A node reached again is a one-line reference; a subtree deeper than
// max_depth continues as its own section, so a 200-step RNN does not run
// off the right edge of the terminal.
#include "viz/plan.h"
#include "viz/render_model.h"
#include "viz/text_format.h"

#include <deque>

namespace backstep::viz {

namespace {

const char* const kReset = "\033[0m";
const char* const kDim = "\033[2m";
const char* const kBold = "\033[1m";
const char* const kRed = "\033[31m";
const char* const kGreen = "\033[32m";
const char* const kYellow = "\033[33m";

class TreePrinter {
 public:
  TreePrinter(const model::Graph& g, const TextTreeOptions& o) : g_(g), o_(o) {
    printed_.assign(g.nodes.size(), 0);
    has_consumer_.assign(g.nodes.size(), 0);
    children_.resize(g.nodes.size());
    for (const auto& e : g.edges) {  // already in next_functions order per consumer
      int from = g.index_of(e.from), to = g.index_of(e.to);
      if (from < 0 || to < 0) continue;
      children_[from].push_back(to);
      has_consumer_[to] = 1;
    }
  }

  std::string run() {
    for (const auto& r : g_.roots) {
      int v = g_.index_of(r.node);
      if (v < 0 || printed_[v]) continue;
      start_section(v, r.var.empty() ? "" : r.var + " = ");
    }
    drain_sections();
    // Around a node (or for nodes no root reaches): the tops, then the rest.
    for (size_t v = 0; v < g_.nodes.size(); ++v)
      if (!printed_[v] && !has_consumer_[v]) start_section(static_cast<int>(v), "");
    for (size_t v = 0; v < g_.nodes.size(); ++v)
      if (!printed_[v]) start_section(static_cast<int>(v), "");
    if (hidden_ > 0 || shown_ < g_.nodes.size())
      out_ += "\u2026 " + thousands(g_.nodes.size() - shown_) + " more nodes not shown (use --around #ID)\n";
    if (g_.nodes.empty()) out_ += "(empty graph: no node requires grad)\n";
    return out_;
  }

 private:
  std::string paint(const std::string& s, const char* code) const { return o_.color ? code + s + kReset : s; }

  std::string id_text(const model::Node& n) const { return paint("#" + std::to_string(n.id), kDim); }

  std::string full_text(const model::Node& n) const {
    std::string s = id_text(n) + " " + display_name(n.name);
    if (n.is_leaf)
      s += "  " + (n.leaf_name().empty() ? std::string() : n.leaf_name() + " ") + meta_text(n.leaf_tensor);
    else if (n.has_origin)
      s += "  " + short_location(n);
    // The module that made it, as `fc1: Linear` (the innermost: a path names its place in the model).
    if (!n.is_leaf && !n.modules.empty()) s += "  " + paint("[" + frame_text(n.modules.back()) + "]", kDim);
    if (n.state == model::State::Current) s += "  " + paint("[\u25b6 current]", kBold);
    else if (n.state == model::State::Done) s += "  " + paint("[done]", kGreen);
    else if (n.state == model::State::Pending) s += "  [pending]";
    if (n.breakpoint) s += "  " + paint("[\u25cf breakpoint]", kRed);
    if (n.hooks() > 0) s += "  [hooks: " + std::to_string(n.hooks()) + "]";
    if (auto g = combined_incoming(n)) s += "  " + paint(grad_text(*g), g->broken() ? kRed : kYellow);
    if (std::string born = nonfinite_origin_text(n); !born.empty()) s += "  " + paint("[" + born + "]", kRed);
    return s;
  }

  bool room() {
    if (lines_ < o_.max_lines) return true;
    ++hidden_;
    return false;
  }

  void emit(const std::string& line) {
    out_ += line + "\n";
    ++lines_;
  }

  void start_section(int v, const std::string& prefix) {
    if (!room()) return;
    if (!out_.empty() && lines_ > 0 && section_started_) emit("");
    section_started_ = true;
    visit(v, "", "", 0, prefix);
    drain_sections();
  }

  void drain_sections() {
    while (!sections_.empty()) {
      int v = sections_.front();
      sections_.pop_front();
      if (printed_[v] || !room()) continue;
      emit("");
      visit(v, "", "", 0, "(continued) ");
    }
  }

  void visit(int v, const std::string& indent, const std::string& connector, int depth, const std::string& prefix) {
    if (!room()) return;
    const model::Node& n = g_.nodes[v];
    if (printed_[v]) {
      emit(indent + connector + "\u2191 " + id_text(n) + " " + display_name(n.name) + " (above)");
      return;
    }
    if (depth > o_.max_depth) {
      emit(indent + connector + "\u2193 " + id_text(n) + " " + display_name(n.name) + " (continued below)");
      sections_.push_back(v);
      return;
    }
    printed_[v] = 1;
    ++shown_;
    emit(indent + connector + prefix + full_text(n));
    std::string child_indent = indent + (connector.empty() ? "" : connector == "\u2514\u2500 " ? "   " : "\u2502  ");
    const auto& kids = children_[v];
    for (size_t i = 0; i < kids.size(); ++i)
      visit(kids[i], child_indent, i + 1 == kids.size() ? "\u2514\u2500 " : "\u251c\u2500 ", depth + 1, "");
  }

  const model::Graph& g_;
  const TextTreeOptions& o_;
  std::vector<char> printed_, has_consumer_;
  std::vector<std::vector<int>> children_;
  std::deque<int> sections_;
  std::string out_;
  size_t lines_ = 0, hidden_ = 0, shown_ = 0;
  bool section_started_ = false;
};

}  // namespace

std::string text_tree_of(const model::Graph& graph, const TextTreeOptions& options) {
  if (options.around) {
    model::Graph part = neighbourhood(graph, *options.around, options.radius);
    return TreePrinter(part, options).run();
  }
  return TreePrinter(graph, options).run();
}

}  // namespace backstep::viz
