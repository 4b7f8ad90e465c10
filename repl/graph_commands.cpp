// :graph and :render: the autograd graph of an expression (or, while a
// backward is paused, of that backward, with each node's state) as a text
// tree in the terminal or as a picture file.
#include "engine/api/autograd_api.h"
#include "engine/api/tensor_names.h"
#include "repl/debug_ui.h"
#include "repl/forward_graph.h"
#include "repl/output_paths.h"
#include "repl/run_annotations.h"
#include "viz/render.h"

#include <fmt/format.h>

#include <sstream>

namespace backstep::repl {

namespace ag = torch::autograd;

std::vector<at::Tensor> tensors_of_expression(Shell& shell, const std::string& expr);  // inspect_commands.cpp

namespace {

std::vector<std::string> split_words(const std::string& args) {
  std::vector<std::string> words;
  std::istringstream in(args);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

struct Target {
  autograd::GraphSnapshot graph;
  viz::Annotations notes;
};

// The graph the command is about: EXPR's, or the paused backward's.
Target target_of(Shell& shell, const std::string& expr) {
  ShellDebugUI& ui = attach_debugger(shell);
  auto namer = api::tensor_namer(shell.interpreter());
  autograd::NodeIds& ids = ui.debugger().ids();
  Target t;
  const debug::BackwardRun* run = nullptr;
  size_t paused = SIZE_MAX;
  if (!expr.empty()) {
    auto roots = tensors_of_expression(shell, expr);
    t.graph = autograd::snapshot(ids, roots, namer);
    t.notes.view_bases = viz::view_bases_of(ids, roots);
    if (ui.pause()) {
      run = ui.pause()->run;
      paused = ui.pause()->record;
    } else if (!ui.debugger().runs().empty()) {
      run = ui.debugger().runs().back().get();
    }
  } else if (ui.pause()) {
    run = ui.pause()->run;
    paused = ui.pause()->record;
    std::vector<c10::intrusive_ptr<ag::Node>> roots;
    for (int id : run->roots)
      if (auto n = ids.node(id)) roots.push_back(n);
    t.graph = autograd::snapshot_nodes(ids, roots, namer);
  } else if (ui.paused_in_forward()) {  // the graph built so far (Note [The graph so far])
    auto roots = forward_graph_roots(shell);
    t.graph = autograd::snapshot(ids, roots, namer);
    t.notes.view_bases = viz::view_bases_of(ids, roots);
    if (!ui.debugger().runs().empty()) run = ui.debugger().runs().back().get();
  } else {
    throw CommandError("which graph? give an expression (a tensor, or a list of tensors)");
  }
  if (t.graph.nodes.empty()) throw CommandError("no graph: the tensor does not require grad");
  if (run) {
    viz::Annotations notes = annotations_of(*run, t.graph, ui.debugger().breakpoints(), paused);
    notes.view_bases = std::move(t.notes.view_bases);
    t.notes = std::move(notes);
  }
  return t;
}

void cmd_graph(Shell& shell, const std::string& args) {
  viz::RenderRequest request;
  std::vector<std::string> rest;
  std::string error = viz::parse_render_flags(split_words(args), request, &rest);
  if (!error.empty()) throw CommandError(error);
  Target t = target_of(shell, join(rest));
  viz::TextTreeOptions options;
  options.color = shell.style().color;
  options.around = request.options.around;
  options.radius = request.options.radius;
  shell.out(viz::text_tree(t.graph, t.notes, options));
}

void cmd_render(Shell& shell, const std::string& args) {
  viz::RenderRequest request;
  std::vector<std::string> rest;
  std::string error = viz::parse_render_flags(split_words(args), request, &rest);
  if (!error.empty()) throw CommandError(error + "\n" + viz::render_flags_help());
  Target t = target_of(shell, join(rest));
  static int counter = 0;
  std::string path = request.output.empty() ? fmt::format("graph-{}.svg", ++counter) : request.output;
  // Missing folders are made, as `backstep render -o` makes them.
  if (std::string bad = prepare_output_file(path); !bad.empty()) throw CommandError(bad);
  request.options.progress = [&shell](const viz::ProgressEvent& e) {
    if (!e.finished) shell.err(fmt::format("  {} ({:.1f} s)\n", e.stage, e.elapsed));
  };
  viz::RenderResult r = viz::render_to_file(t.graph, t.notes, path, request.options, request.format);
  if (!r.ok) throw CommandError(r.error);
  shell.out(fmt::format("wrote {}: {}\n", path, viz::summary(r.stats)));
}

}  // namespace

void register_graph_commands(CommandTable& table) {
  table.add({"graph", "[EXPR]", "the graph of EXPR as a tree (paused: of the backward, with states; in the forward: built so far)",
             ArgKind::Expression, {}, cmd_graph, "", {"--around", "--radius"}});
  table.add({"render", "[EXPR] [-o FILE] [--saved] [--grads] [--depth N] [--around #ID] [--radius R] [--rankdir LR]",
             "draw the graph to FILE (.svg .png .pdf .dot .json .html)", ArgKind::Expression, {}, cmd_render, "",
             {"-o", "--saved", "--grads", "--depth", "--around", "--radius", "--rankdir"}});
}

}  // namespace backstep::repl
