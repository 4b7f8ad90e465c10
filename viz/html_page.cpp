#include "viz/html_page.h"

#include "viz/dot_writer.h"
#include "viz/html_text.h"
#include "viz/legend.h"
#include "viz/text_format.h"

#include <nlohmann/json.hpp>

namespace backstep::viz {

namespace {

using json = nlohmann::ordered_json;

json meta_json(const model::Meta& m) {
  if (!m.defined) return nullptr;
  return json{{"dtype", m.dtype}, {"shape", m.shape}, {"text", meta_text(m)}};
}

json summary_json(const std::optional<model::GradStats>& g) {
  if (!g) return nullptr;
  return json{{"dtype", g->meta.dtype}, {"shape", g->meta.shape}, {"norm", g->norm}, {"min", g->min},
              {"max", g->max},          {"nan", g->nan},          {"inf", g->inf}};
}

const char* state_name(model::State s) {
  switch (s) {
    case model::State::Pending: return "pending";
    case model::State::Current: return "current";
    case model::State::Done: return "done";
    default: return nullptr;
  }
}

json saved_json(const model::Saved& s) {
  json j{{"name", s.name}, {"kind", s.kind}};
  if (s.is_tensor()) {
    j["tensor"] = s.released ? json("released") : s.tensor.defined ? json(meta_text(s.tensor)) : json(s.value);
    if (s.saved_version >= 0 && s.current_version >= 0 && s.saved_version != s.current_version)
      j["modified"] = "version " + std::to_string(s.saved_version) + " \u2192 " + std::to_string(s.current_version);
  } else {
    j["value"] = s.released ? std::string("<released>") : s.value;
  }
  return j;
}

json node_json(const model::Node& n, size_t stands_for) {
  json j{{"kind", n.is_leaf ? "leaf" : "node"}, {"title", display_name(n.name) + " #" + std::to_string(n.id)},
         {"id", n.id}, {"name", n.name}};
  if (n.is_leaf) j["leaf"] = json{{"var", n.leaf_name()}, {"tensor", meta_text(n.leaf_tensor)}};
  if (!n.modules.empty()) {
    std::string stack;
    for (const auto& m : n.modules) stack += (stack.empty() ? "" : " > ") + frame_text(m);
    j["module"] = stack;
  }
  if (n.has_origin) {
    j["location"] = full_location(n);
    j["source"] = n.source_text;
  }
  json calls = json::array();
  for (auto it = n.calls.rbegin(); it != n.calls.rend(); ++it) calls.push_back(frame_text(*it));
  j["calls"] = std::move(calls);
  json inputs = json::array();
  for (const auto& m : n.inputs) inputs.push_back(meta_text(m));
  j["inputs"] = std::move(inputs);
  json saved = json::array();
  for (const auto& s : n.saved) saved.push_back(saved_json(s));
  j["saved"] = std::move(saved);
  j["hooks"] = json{{"pre", n.pre_hooks}, {"post", n.post_hooks}, {"tensor", n.tensor_hooks}};
  json in = json::array(), out = json::array();
  for (const auto& g : n.grad_in) in.push_back(summary_json(g));
  for (const auto& g : n.grad_out) out.push_back(summary_json(g));
  j["grads"] = json{{"incoming", std::move(in)}, {"produced", std::move(out)}};
  if (const char* s = state_name(n.state)) j["state"] = s;
  if (n.breakpoint) j["breakpoint"] = true;
  if (n.nonfinite_born_here()) j["born"] = true;
  if (stands_for > 1) j["stands_for"] = stands_for;
  return j;
}

// The first model nodes drawn as each box, for its details.
std::vector<json> box_members(const model::Graph& g, const Scene& scene) {
  constexpr size_t kShown = 50;
  std::vector<json> members(scene.items.size(), json::array());
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    int item = scene.item_of_node[i];
    if (item < 0 || scene.items[item].kind == ItemKind::Node || members[item].size() >= kShown) continue;
    members[item].push_back("#" + std::to_string(g.nodes[i].id) + " " + display_name(g.nodes[i].name));
  }
  return members;
}

json item_json(const model::Graph& g, const Plan& plan, int index, std::vector<json>& members) {
  const SceneItem& item = plan.scene.items[index];
  switch (item.kind) {
    case ItemKind::Node: return node_json(g.nodes[item.node], item.count);
    case ItemKind::CallBox: {
      const model::Frame& f = plan.structure.groups[item.group].frame;
      return json{{"kind", "call"}, {"title", f.function + " \u00d7" + thousands(item.count) + " nodes"},
                  {"calls", json::array({frame_text(f)})}, {"members", std::move(members[index])}};
    }
    case ItemKind::LoopBox: {
      const Fold& f = plan.structure.folds[item.fold];
      return json{{"kind", "loop"}, {"title", "loop \u00d7" + thousands(f.count)},
                  {"location", fold_lines(g, plan.structure, item.fold)},
                  {"members", std::move(members[index])}};
    }
    case ItemKind::More:
      return json{{"kind", "more"}, {"title", thousands(item.count) + " more nodes"},
                  {"note", "cut off to keep the layout fast; render with --around #ID or --depth N to see them"}};
    case ItemKind::Saved: {
      const model::Node& owner = g.nodes[item.node];
      json j = saved_json(owner.saved[item.saved]);
      j["kind"] = "saved";
      j["title"] = "saved " + owner.saved[item.saved].name + " of " + display_name(owner.name) + " #" + std::to_string(owner.id);
      return j;
    }
    case ItemKind::Output:
    case ItemKind::Base: {
      const model::Root& r = g.roots[item.root];
      bool out = item.kind == ItemKind::Output;
      const model::Meta& m = out ? r.tensor : r.base->tensor;
      return json{{"kind", out ? "output" : "base"},
                  {"title", out ? "output " + (r.var.empty() ? std::string("tensor") : r.var) : "base of the output view"},
                  {"tensor", meta_json(m)}};
    }
  }
  return nullptr;
}

// Graphviz's X11 colour names with a number are not CSS colours.
std::string css_colour(const std::string& graphviz) {
  if (graphviz == "darkolivegreen1") return "#caff70";
  if (graphviz == "darkolivegreen3") return "#a2cd5a";
  if (graphviz == "gray45") return "#737373";
  return graphviz;
}

json legend_json(const model::Graph& g, const Plan& plan) {
  StyleContext ctx = make_style_context(g, plan.structure, plan.scene, plan.settings.show_saved, plan.settings.show_grads);
  json out = json::array();
  for (LegendEntry e : legend_entries(ctx)) {
    for (auto& fill : e.fills) fill = css_colour(fill);
    out.push_back(json{{"fills", e.fills}, {"border", css_colour(e.border)}, {"width", e.border_width}, {"dashed", e.dashed},
                       {"rounded", e.rounded}, {"mark", e.mark}, {"text", e.text}});
  }
  return out;
}

json page_data(const model::Graph& g, const Plan& plan, bool legend) {
  json items = json::object();
  std::vector<json> members = box_members(g, plan.scene);
  for (size_t i = 0; i < plan.scene.items.size(); ++i)
    items[item_name(g, plan.scene, static_cast<int>(i))] = item_json(g, plan, static_cast<int>(i), members);
  for (const auto& c : plan.scene.clusters)
    items[cluster_name(plan.structure, c)] = json{{"kind", c.where.fold >= 0 ? "loop"
                                                   : plan.structure.groups[c.where.group].frame.is_module() ? "module"
                                                                                                            : "call"},
                                  {"title", cluster_label(g, plan.structure, c)}};
  json notes = json::array();
  for (const auto& n : plan.folding) notes.push_back(n);
  return json{{"items", std::move(items)}, {"nodes", g.nodes.size()}, {"folding", std::move(notes)},
              {"engine", plan.settings.engine}, {"legend", legend ? legend_json(g, plan) : json::array()}};
}

// Graphviz's SVG starts with an XML declaration and a DOCTYPE naming a DTD
// on the web; inline SVG in HTML needs neither.
std::string inline_svg(const std::string& svg) {
  size_t start = svg.find("<svg");
  return start == std::string::npos ? svg : svg.substr(start);
}

}  // namespace

std::string html_page(const model::Graph& graph, const Plan& plan, const std::string& svg, const std::string& title,
                      bool legend) {
  std::string name = title.empty() ? "backstep graph" : title;
  std::string summary = thousands(graph.nodes.size()) + " nodes";
  for (const auto& n : plan.folding) summary += " \u00b7 " + n;
  std::string data = page_data(graph, plan, legend).dump(-1, ' ', false, json::error_handler_t::replace);
  std::string page;
  page.reserve(svg.size() + data.size() + 16384);
  page += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  page += "<title>" + escaped_html(name) + "</title>\n<style>\n" + std::string(kHtmlStyle) + "</style>\n</head>\n<body>\n";
  page += "<header><strong>" + escaped_html(name) + "</strong> <span id=\"summary\">" + escaped_html(summary) +
          "</span><input id=\"search\" type=\"search\" placeholder=\"find: name, #id, file:line, module\" "
          "title=\"nodes whose name, #id, creating line, source or module path contain this (Enter: next)\">"
          "<span id=\"search-count\"></span>"
          "<span class=\"buttons\"><button id=\"zoom-in\" title=\"zoom in (+)\">+</button>"
          "<button id=\"zoom-out\" title=\"zoom out (-)\">&minus;</button>"
          "<button id=\"zoom-fit\" title=\"fit (0)\">fit</button></span></header>\n";
  page += "<main><div id=\"view\">\n" + inline_svg(svg) + "</div>\n";
  page += "<aside><div id=\"details\"><p class=\"hint\">Click a node to see its details. "
          "Drag to pan, scroll to zoom, type in the box above to find nodes.</p></div>"
          "<section id=\"legend\"></section></aside></main>\n";
  page += "<script type=\"application/json\" id=\"backstep-data\">" + script_safe(data) + "</script>\n";
  page += "<script>\n" + std::string(kHtmlScript) + "</script>\n</body>\n</html>\n";
  return page;
}

}  // namespace backstep::viz
