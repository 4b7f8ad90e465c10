#include "viz/dot_writer.h"

#include "viz/dot_style.h"
#include "viz/legend.h"
#include "viz/palette.h"
#include "viz/module_label.h"
#include "viz/text_format.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace backstep::viz {

namespace {

// A DOT double-quoted string: quotes and backslashes escaped, newlines as
// Graphviz's centred line break.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

void write_attrs(std::string& out, const Attrs& attrs) {
  if (attrs.empty()) return;
  out += " [";
  for (size_t i = 0; i < attrs.size(); ++i) {
    if (i) out += ", ";
    out += attrs[i].first + "=" + quoted(attrs[i].second);
  }
  out += "]";
}

class Writer {
 public:
  Writer(const model::Graph& g, const Structure& s, const Scene& scene, const DotSettings& settings)
      : g_(g), s_(s), scene_(scene), settings_(settings),
        ctx_(make_style_context(g, s, scene, settings.show_saved, settings.show_grads)) {}

  std::string run() {
    out_ = "digraph backstep {\n";
    write_header();
    children_.assign(scene_.clusters.size() + 1, {});
    members_.assign(scene_.clusters.size() + 1, {});
    for (size_t c = 0; c < scene_.clusters.size(); ++c) children_[scene_.clusters[c].parent + 1].push_back(static_cast<int>(c));
    for (size_t i = 0; i < scene_.items.size(); ++i) members_[scene_.items[i].cluster + 1].push_back(static_cast<int>(i));
    mark_used_clusters();
    write_cluster(-1, "  ");
    for (const auto& e : scene_.edges) {
      out_ += "  " + item_name(g_, scene_, e.tail) + " -> " + item_name(g_, scene_, e.head);
      write_attrs(out_, edge_attrs(ctx_, e, settings_.edge_labels));
      out_ += ";\n";
    }
    out_ += "}\n";
    return std::move(out_);
  }

 private:
  void write_header() {
    Attrs graph = {{"rankdir", settings_.rankdir}, {"fontname", "monospace"}, {"fontsize", "10"},
                   {"nodesep", "0.2"},            {"ranksep", "0.3"},        {"pad", "0.2"},
                   {"bgcolor", "white"},          {"outputorder", "edgesfirst"}};
    std::string legend;
    if (settings_.legend) {
      // The legend (with the title as its first row) is the graph's label,
      // below the drawing: it takes no part in the layout.
      legend = legend_label(legend_entries(ctx_), settings_.title);
      graph.emplace_back("labelloc", "b");
      graph.emplace_back("labeljust", "l");
    } else if (!settings_.title.empty()) {
      graph.emplace_back("label", settings_.title);
      graph.emplace_back("labelloc", "t");
    }
    // dot's x-coordinate pass (network simplex) is what explodes on big or
    // long-edged pictures (measured: 27 s down to 0.7 s on a 350-node RNN
    // with shared weights, for a slightly less compact drawing).
    if (settings_.fast_layout) {
      graph.emplace_back("nslimit", "2");
      graph.emplace_back("mclimit", "0.5");
    }
    if (settings_.engine == "sfdp") {
      // Measured on 1.5k nodes: prism 3.1 s, false 1.0 s, scale 0.4 s (but
      // a picture too big for a bitmap), voronoi 200 s.
      graph.emplace_back("overlap", "false");
      graph.emplace_back("splines", "false");
      graph.emplace_back("K", "0.6");
    }
    out_ += "  graph";
    write_attrs(out_, graph);
    if (!legend.empty()) out_ += ";\n  graph [label=" + legend + "]";  // an HTML-like label: not quoted
    out_ += ";\n  node";
    write_attrs(out_, {{"shape", "box"}, {"style", "filled"}, {"fontname", "monospace"}, {"fontsize", "10"},
                       {"height", "0.2"}, {"margin", "0.08,0.04"}});
    out_ += ";\n  edge";
    write_attrs(out_, {{"fontname", "monospace"}, {"fontsize", "8"}, {"arrowsize", "0.6"}});
    out_ += ";\n";
  }

  // A cluster is written only when something is drawn inside it.
  bool mark(int c) {
    bool used = !members_[c + 1].empty();
    for (int child : children_[c + 1]) used = mark(child) || used;
    if (c >= 0) used_[c] = used;
    return used;
  }
  void mark_used_clusters() {
    used_.assign(scene_.clusters.size(), false);
    mark(-1);
  }

  void write_cluster(int c, const std::string& indent) {
    std::string inner = indent;
    if (c >= 0) {
      const SceneCluster& cl = scene_.clusters[c];
      bool module = cl.where.fold < 0 && s_.groups[cl.where.group].frame.is_module();
      out_ += indent + "subgraph " + cluster_name(s_, cl) + " {\n";
      inner = indent + "  ";
      Attrs attrs = {{"label", cluster_label(g_, s_, cl)}, {"labeljust", "l"}, {"fontsize", "9"}};
      if (cl.where.fold >= 0) {
        attrs.insert(attrs.end(), {{"style", "rounded,filled"}, {"fillcolor", palette::kLoopFill}, {"color", palette::kLoop},
                                   {"fontcolor", palette::kLoop}, {"penwidth", "1.5"}});
      } else if (module) {
        // Modules nest (a model's layers in its blocks): fills alternating by level show the nesting.
        const char* fill = s_.groups[cl.where.group].depth % 2 ? "#f4f8fc" : palette::kModuleFill;
        attrs.insert(attrs.end(), {{"style", "rounded,filled"}, {"fillcolor", fill}, {"color", palette::kModule},
                                   {"fontcolor", "steelblue4"}});
      } else {
        attrs.insert(attrs.end(), {{"style", "rounded,dashed"}, {"color", palette::kCall}, {"fontcolor", "gray30"}});
      }
      attrs.emplace_back("id", cluster_name(s_, cl));
      out_ += inner + "graph";
      write_attrs(out_, attrs);
      out_ += ";\n";
    }
    for (int item : members_[c + 1]) {
      out_ += inner + item_name(g_, scene_, item);
      Attrs attrs = item_attrs(ctx_, item);
      attrs.emplace_back("id", item_name(g_, scene_, item));
      write_attrs(out_, attrs);
      out_ += ";\n";
    }
    for (int child : children_[c + 1])
      if (used_[child]) write_cluster(child, inner);
    if (c >= 0) out_ += indent + "}\n";
  }

  const model::Graph& g_;
  const Structure& s_;
  const Scene& scene_;
  const DotSettings& settings_;
  StyleContext ctx_;
  std::vector<std::vector<int>> children_, members_;  // by cluster + 1 (0: top level)
  std::vector<bool> used_;
  std::string out_;
};

}  // namespace

std::string item_name(const model::Graph& g, const Scene& scene, int index) {
  const SceneItem& item = scene.items[index];
  switch (item.kind) {
    case ItemKind::Node: {
      std::string name = "n" + std::to_string(g.nodes[item.node].id);
      return item.clone ? name + "_c" + std::to_string(index) : name;
    }
    case ItemKind::CallBox: return "call" + std::to_string(item.group);
    case ItemKind::LoopBox: return "loop" + std::to_string(item.fold);
    case ItemKind::More: return "more";
    case ItemKind::Saved: return "saved" + std::to_string(g.nodes[item.node].id) + "_" + std::to_string(item.saved);
    case ItemKind::Output: return "out" + std::to_string(item.root);
    case ItemKind::Base: return "base" + std::to_string(item.root);
  }
  return "item" + std::to_string(index);
}

std::string cluster_name(const SceneCluster& c) {
  return c.where.fold >= 0 ? "cluster_loop" + std::to_string(c.where.fold) : "cluster_call" + std::to_string(c.where.group);
}

// A module's cluster is named by its path (DOT ids allow letters, digits
// and _), and the call (group) number, since one module may be called twice.
std::string cluster_name(const Structure& s, const SceneCluster& c) {
  if (c.where.fold >= 0 || !s.groups[c.where.group].frame.is_module()) return cluster_name(c);
  std::string id = "cluster_mod_";
  for (char ch : s.groups[c.where.group].frame.function) id += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
  return id + "_" + std::to_string(c.where.group);
}

// "prog.py:3" or "prog.py:3-5": the lines a loop's last iteration came from.
std::string fold_lines(const model::Graph& g, const Structure& s, int fold) {
  const Fold& f = s.folds[fold];
  const Group& grp = s.groups[f.group];
  std::string file;
  uint32_t lo = UINT32_MAX, hi = 0;
  auto see = [&](const std::string& fl, uint32_t line) {
    if (!line) return;
    if (file.empty()) file = fl;
    lo = std::min(lo, line);
    hi = std::max(hi, line);
  };
  for (size_t p = f.rep_begin(); p < f.rep_begin() + f.period; ++p) {
    const Item& it = grp.items[p];
    if (it.node >= 0) see(g.nodes[it.node].file, g.nodes[it.node].line);
    else see(s.groups[it.group].frame.call_file, s.groups[it.group].frame.call_line);
  }
  if (file.empty()) return "";
  std::string text = base_name(file) + ":" + std::to_string(lo);
  return hi > lo ? text + "-" + std::to_string(hi) : text;
}

std::string cluster_label(const model::Graph& g, const Structure& s, const SceneCluster& c) {
  if (c.where.fold >= 0) {
    const Fold& f = s.folds[c.where.fold];
    std::string lines = fold_lines(g, s, c.where.fold);
    return "\u00d7" + thousands(f.count) + " loop" + (lines.empty() ? "" : " " + lines) + " (last iteration shown)";
  }
  const model::Frame& f = s.groups[c.where.group].frame;
  return f.is_module() ? module_label(g, s, c.where.group) : frame_text(f);
}

std::string write_dot(const model::Graph& graph, const Structure& structure, const Scene& scene,
                      const DotSettings& settings) {
  return Writer(graph, structure, scene, settings).run();
}

}  // namespace backstep::viz
