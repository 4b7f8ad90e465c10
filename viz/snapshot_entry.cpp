// The only viz files that see libtorch: the snapshot is copied into viz's
// plain model here (names, resolved source lines, call chains, annotations),
// and the public entry points hand that model to the torch-free renderers.
#include "viz/annotations.h"
#include "viz/model.h"
#include "viz/render.h"
#include "viz/render_model.h"
#include "viz/to_model.h"

#include "engine/lang/source.h"

namespace backstep::viz {

namespace {

model::Meta meta(const autograd::TensorMeta& m) { return model::Meta{m.dtype, m.shape, m.defined, m.device}; }

std::optional<model::GradStats> stats(const std::optional<autograd::TensorSummary>& s) {
  if (!s) return std::nullopt;
  return model::GradStats{meta(s->meta), s->norm, s->min, s->max, s->nan, s->inf};
}

// The script calls around a node, outermost first. The module-level record
// (function "<module>", no parent) is the page itself, not a call.
std::vector<model::Frame> frames_of(const autograd::Origin& origin) {
  std::vector<model::Frame> out;
  for (const autograd::CallRecord* c = origin.call.get(); c; c = c->parent.get()) {
    if (!c->parent && c->function == "<module>") break;
    model::Frame f;
    f.call_id = c->id;
    f.function = c->function;
    if (c->call_site.valid()) {
      f.call_file = lang::file_name_of(c->call_site);
      f.call_line = c->call_site.line;
      f.call_col = c->call_site.col;
    }
    out.push_back(std::move(f));
  }
  return {out.rbegin(), out.rend()};
}

std::string stripped(std::string_view s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t\r");
  return std::string(s.substr(b, e - b + 1));
}

void copy_origin(const autograd::Origin& o, model::Node& n) {
  if (!o.valid()) return;
  n.has_origin = true;
  n.file = lang::file_name_of(o.span);
  n.line = o.span.line;
  n.col = o.span.col;
  n.end_line = o.span.end_line;
  n.end_col = o.span.end_col;
  n.source_text = stripped(lang::source_line(o.span));
  n.calls = frames_of(o);
}

model::Node copy_node(const autograd::GraphNode& g) {
  model::Node n;
  n.id = g.id;
  n.name = g.name;
  n.seq = g.sequence_nr;
  copy_origin(g.origin, n);
  for (const auto& m : g.modules) {
    model::Frame f;
    f.call_id = m.call_id;
    f.function = m.path;
    f.module_type = m.type.empty() ? "Module" : m.type;
    n.modules.push_back(std::move(f));
  }
  for (const auto& s : g.saved) {
    model::Saved m;
    m.name = s.name;
    m.kind = autograd::to_string(s.kind);
    m.tensor = meta(s.tensor);
    m.value = s.value;
    m.released = s.released;
    m.saved_version = s.saved_version;
    m.current_version = s.current_version;
    n.saved.push_back(std::move(m));
  }
  n.pre_hooks = g.pre_hooks;
  n.post_hooks = g.post_hooks;
  n.tensor_hooks = g.tensor_hooks;
  if (g.leaf) {
    n.is_leaf = true;
    n.leaf_var = g.leaf->variable;
    n.leaf_param = g.leaf->parameter;
    n.leaf_tensor = meta(g.leaf->tensor);
  }
  for (const auto& in : g.inputs) n.inputs.push_back(meta(in));
  return n;
}

void annotate(model::Node& n, const NodeAnnotation& a, model::Graph& g) {
  n.state = static_cast<model::State>(a.state);
  n.breakpoint = a.breakpoint;
  for (const auto& s : a.incoming) n.grad_in.push_back(stats(s));
  for (const auto& s : a.produced) n.grad_out.push_back(stats(s));
  if (n.state != model::State::None || n.breakpoint) g.has_states = true;
  if (!n.grad_in.empty() || !n.grad_out.empty()) g.has_grads = true;
}

}  // namespace

model::Graph to_model(const autograd::GraphSnapshot& snap, const Annotations& notes) {
  model::Graph g;
  g.nodes.reserve(snap.nodes.size());
  for (const auto& node : snap.nodes) {
    g.nodes.push_back(copy_node(node));
    if (const NodeAnnotation* a = notes.find(node.id)) annotate(g.nodes.back(), *a, g);
  }
  for (const auto& e : snap.edges) g.edges.push_back(model::Edge{e.from, e.to, e.input_nr, e.index});
  for (size_t i = 0; i < snap.roots.size(); ++i) {
    const auto& r = snap.roots[i];
    model::Root root{r.node, r.output_nr, r.variable, meta(r.tensor), std::nullopt};
    if (i < notes.view_bases.size() && notes.view_bases[i])
      root.base = model::ViewBase{meta(notes.view_bases[i]->tensor), notes.view_bases[i]->node};
    g.roots.push_back(std::move(root));
  }
  g.reindex();
  return g;
}

std::vector<std::optional<ViewBase>> view_bases_of(autograd::NodeIds& ids, const std::vector<at::Tensor>& roots) {
  std::vector<std::optional<ViewBase>> out;
  for (const auto& t : roots) {
    // Skip exactly what autograd::snapshot skips, so the result stays parallel to its roots.
    if (!t.defined() || !torch::autograd::impl::gradient_edge(t).function) continue;
    if (!t.is_view()) {
      out.emplace_back();
      continue;
    }
    at::Tensor base(t._base());
    ViewBase vb;
    vb.tensor = autograd::meta_of(base);
    if (auto fn = torch::autograd::impl::gradient_edge(base).function) vb.node = ids.id_of(*fn);
    out.emplace_back(std::move(vb));
  }
  return out;
}

RenderResult render(const autograd::GraphSnapshot& graph, const Annotations& notes, Format format,
                    const RenderOptions& options) {
  return guarded([&] { return render_model(to_model(graph, notes), format, options); });
}

RenderResult render_to_file(const autograd::GraphSnapshot& graph, const Annotations& notes, const std::string& path,
                            const RenderOptions& options, std::optional<Format> format) {
  return guarded([&] { return render_model_to_file(to_model(graph, notes), path, options, format); });
}

std::string text_tree(const autograd::GraphSnapshot& graph, const Annotations& notes, const TextTreeOptions& options) {
  RenderResult r = guarded([&] {
    RenderResult ok;
    ok.data = text_tree_of(to_model(graph, notes), options);
    ok.ok = true;
    return ok;
  });
  return r.ok ? r.data : "(cannot print the graph: " + r.error + ")\n";
}

}  // namespace backstep::viz
