// Debugger commands that look: :where, :grads, :saved, :list, :nodes,
// :node, :history, :back, :forward.
#include "engine/api/anomaly.h"
#include "engine/api/mutations.h"
#include "engine/api/node_object.h"
#include "engine/api/tensor_names.h"
#include "engine/autograd/node_metadata.h"
#include "engine/runtime/py_ops.h"
#include "repl/forward_graph.h"
#include "repl/run_annotations.h"
#include "viz/text_format.h"
#include "viz/to_model.h"
#include "repl/prompt_eval.h"
#include "repl/debug_format.h"
#include "repl/debug_ui.h"

#include <fmt/format.h>

#include <map>
#include <unistd.h>

namespace backstep::repl {

namespace ag = torch::autograd;

namespace {

// A node type as PyTorch's Python names it (grad_fn's repr): "AccumulateGrad"
// for libtorch's "torch::autograd::AccumulateGrad".
std::string python_name(std::string_view name) { return std::string(debug::unqualified_node_name(name)); }

const debug::BackwardRun& run_or_fail(ShellDebugUI& u) {
  const debug::BackwardRun* run = u.current_run();
  if (!run || run->records.empty()) throw CommandError("no backward has run yet");
  return *run;
}

// The history entry every inspection command talks about: the cursor
// (the paused node, or where :back / :forward moved), kept inside the run.
// :where and :grads read the same one, also after a backward has ended.
size_t cursor_index(ShellDebugUI& u, const debug::BackwardRun& run) { return u.cursor_in(run); }

const debug::NodeRecord& record_at_cursor(ShellDebugUI& u, const debug::BackwardRun& run) {
  return run.records[cursor_index(u, run)];
}

// The live node the commands describe: the paused node, or the one under
// the history cursor (when it still exists).
c10::intrusive_ptr<ag::Node> live_node(ShellDebugUI& u, const debug::NodeRecord& r) {
  if (u.pause() && u.pause()->record == u.cursor()) return u.pause()->node;
  return u.debugger().ids().node(r.id);
}

void cmd_node_where(Shell& shell, const std::string&) {
  ShellDebugUI& u = attach_debugger(shell);
  const debug::BackwardRun& run = run_or_fail(u);
  size_t index = cursor_index(u, run);
  std::string out = fmt::format("{} [node {} of {}]\n", u.node_header(run, index), index + 1, run.expected);
  out += fmt::format("backward #{} called at {}\n", run.number, position_text(run.call_site));
  if (const autograd::ModuleScope* m = run.module_of(run.records[index]))
    out += "in module: " + autograd::module_stack_text(autograd::module_frames(m)) + "\n";
  if (auto node = live_node(u, run.records[index]))
    if (auto* md = autograd::metadata_of(*node); md && md->origin().valid()) {
      out += "created by:\n";
      out += rt::format_frames(api::origin_frames(md->origin()));
    }
  shell.out(out);
}

// What flowed into the node and what it produced, under no header.
std::string grads_text(ShellDebugUI& u, const debug::BackwardRun& run, const debug::NodeRecord& r) {
  std::string out;
  for (uint32_t i = 0; i < r.in_count; ++i)
    out += fmt::format("  in  grad_outputs[{}]: {}\n", i, u.paint_nonfinite(summary_text(run.incoming(r)[i])));
  if (r.state == debug::NodeRecord::State::Running) {
    out += "  (not run yet: :step to see what it produces)\n";
  } else {
    auto node = live_node(u, r);
    for (uint32_t i = 0; i < r.out_count; ++i) {
      std::string to;
      if (node && i < node->next_edges().size() && node->next_edges()[i].function) {
        const auto& fn = node->next_edges()[i].function;
        to = fmt::format("  -> #{} {}", u.debugger().ids().id_of(*fn), python_name(fn->name()));
      }
      out += fmt::format("  out grad_inputs[{}]:  {}{}\n", i, u.paint_nonfinite(summary_text(run.produced(r)[i])), to);
    }
  }
  return out;
}

void cmd_grads(Shell& shell, const std::string&) {
  ShellDebugUI& u = attach_debugger(shell);
  const debug::BackwardRun& run = run_or_fail(u);
  const debug::NodeRecord& r = record_at_cursor(u, run);
  shell.out(u.node_header(run, static_cast<size_t>(&r - run.records.data())) + "\n" + grads_text(u, run, r));
}

std::string saved_line(const autograd::SavedFieldView& f) {
  if (f.kind != autograd::SavedKind::Tensor) return fmt::format("  {}: {}\n", f.name, f.released ? "(freed)" : f.value);
  if (f.released) return fmt::format("  {}: tensor (freed by backward)\n", f.name);
  if (!f.value.empty()) return fmt::format("  {}: {}\n", f.name, f.value);
  std::string shape;
  for (size_t i = 0; i < f.tensor.shape.size(); ++i) shape += (i ? ", " : "") + std::to_string(f.tensor.shape[i]);
  std::string versions = fmt::format("saved at version {}, now {}", f.saved_version, f.current_version);
  if (f.saved_version != f.current_version) versions += "  <- modified in place since it was saved";
  return fmt::format("  {}: {}[{}]  {}\n", f.name, f.tensor.dtype.empty() ? "tensor" : f.tensor.dtype, shape, versions);
}

// `:saved FIELD`: one field, as grad_fn._saved_FIELD shows it -- except a
// tensor modified in place since it was saved, which cannot be unpacked:
// its versions and the lines that changed it are shown instead.
void show_saved_field(Shell& shell, ag::Node& node, const autograd::GraphNode& g, const std::string& field) {
  const autograd::SavedFieldView* view = nullptr;
  for (const auto& f : g.saved)
    if (f.name == field) view = &f;
  if (!view) {
    std::string names;
    for (const auto& f : g.saved) names += (names.empty() ? "" : ", ") + f.name;
    throw CommandError(fmt::format("{} has no saved field '{}' ({})", python_name(g.name), printable(field),
                                   names.empty() ? "it saves nothing" : "it saves: " + names));
  }
  // Only a tensor the node still holds has versions to compare: a field
  // that saved nothing (None) or one a saved_tensors_hooks hook packed has
  // no "now" version, and unpacking it works.
  if (view->kind == autograd::SavedKind::Tensor && view->tensor.defined && !view->released &&
      view->saved_version != view->current_version) {
    std::string out = saved_line(*view);
    std::vector<std::string> sites = api::saved_field_mutation_sites(node, field);
    for (const auto& site : sites) out += "    modified in place at " + site + "\n";
    if (sites.empty()) out += "    (modified in place outside the program's own lines)\n";
    out += "    (its value then is gone: backward would raise here)\n";
    shell.out(out);
    return;
  }
  if (view->released) {
    shell.out(saved_line(*view));
    return;
  }
  rt::Value obj = api::node_object(autograd::share_node(node));
  rt::Interpreter& in = shell.interpreter();
  std::optional<rt::Value> v;
  try {
    // Generated nodes have _saved_FIELD; a custom Function's node has the
    // field itself (saved_tensors).
    v = rt::try_get_attr(in, obj, "_saved_" + field);
    if (!v) v = rt::try_get_attr(in, obj, field);
  } catch (const std::exception&) {
    try {
      v = rt::try_get_attr(in, obj, field);
    } catch (const std::exception&) {
      v.reset();
    }
  }
  if (!v) {  // the listing's text is all there is to show
    shell.out(saved_line(*view));
    return;
  }
  shell.out(rt::repr(in, *v) + "\n");
}

void cmd_saved(Shell& shell, const std::string& args) {
  ShellDebugUI& u = attach_debugger(shell);
  const debug::BackwardRun& run = run_or_fail(u);
  const debug::NodeRecord& r = record_at_cursor(u, run);
  auto node = live_node(u, r);
  if (!node) throw CommandError("that node no longer exists (its graph was freed)");
  autograd::GraphNode g = autograd::describe_node(u.debugger().ids(), *node, api::tensor_namer(shell.interpreter()));
  if (!args.empty()) {
    show_saved_field(shell, *node, g, args);
    return;
  }
  std::string out = fmt::format("#{} {} saved:\n", g.id, python_name(g.name));
  if (g.saved.empty()) out += "  (nothing)\n";
  for (const auto& f : g.saved) out += saved_line(f);
  shell.out(out);
}

void cmd_node_list(Shell& shell, const std::string&) {
  ShellDebugUI& u = attach_debugger(shell);
  const debug::BackwardRun& run = run_or_fail(u);
  const debug::NodeRecord& r = record_at_cursor(u, run);
  if (!r.origin.valid()) throw CommandError("no source position for this node");
  shell.out(listing(r.origin, 3));
}

std::string history_line(const debug::BackwardRun& run, size_t i, bool marked) {
  const debug::NodeRecord& r = run.records[i];
  std::string grads;
  for (uint32_t k = 0; k < r.in_count; ++k) grads += (k ? ", " : "") + debug::short_text(run.incoming(r)[k]);
  std::string state = r.state == debug::NodeRecord::State::Failed ? "  FAILED" : "";
  bool nonfinite = false;
  for (uint32_t k = 0; k < r.out_count; ++k) nonfinite |= run.produced(r)[k].has_nonfinite();
  if (nonfinite) state += "  produced NaN/Inf";
  return fmt::format("{} {:>4}. #{} {}  [{}]{}\n", marked ? "->" : "  ", i + 1, r.id, python_name(run.name_of(r)), grads,
                     state);
}

void cmd_history(Shell& shell, const std::string&) {
  ShellDebugUI& u = attach_debugger(shell);
  const debug::BackwardRun& run = run_or_fail(u);
  std::string out = fmt::format("backward #{} ({} of {} nodes run):\n", run.number, run.records.size(), run.expected);
  for (size_t i = 0; i < run.records.size(); ++i) out += history_line(run, i, u.pause() && i == u.cursor());
  shell.out(out);
}

void move(Shell& shell, const std::string& args, int direction) {
  ShellDebugUI& u = attach_debugger(shell);
  const debug::BackwardRun& run = run_or_fail(u);
  long n = 1;
  if (!args.empty()) {
    try {
      n = std::stol(args);
    } catch (const std::exception&) {
      throw CommandError("expected a number of nodes");
    }
  }
  u.move_cursor(direction * n);
  size_t at = cursor_index(u, run);
  shell.out(fmt::format("{} [node {} of {}]\n", u.node_header(run, at), at + 1, run.expected) +
            grads_text(u, run, run.records[at]));
}

void cmd_back(Shell& shell, const std::string& args) { move(shell, args, -1); }
void cmd_forward(Shell& shell, const std::string& args) { move(shell, args, +1); }

// Execution state of a node in the paused backward.
std::string state_of(const debug::BackwardRun* run, size_t paused, int id) {
  if (!run) return "";
  for (size_t i = 0; i < run->records.size(); ++i) {
    if (run->records[i].id != id) continue;
    if (i == paused) return "current";
    return run->records[i].state == debug::NodeRecord::State::Failed ? "failed" : "done";
  }
  return "pending";
}

}  // namespace

std::vector<at::Tensor> tensors_of_expression(Shell& shell, const std::string& expr) {
  rt::Interpreter& in = shell.interpreter();
  rt::Value v;
  try {
    // At a pause, in the selected frame's variables.
    v = eval_at_prompt(shell, expr, "<:nodes>");
  } catch (const rt::ScriptError& e) {
    throw CommandError(e.what());
  }
  std::vector<at::Tensor> out;
  if (v.is_tensor()) return {v.as_tensor()};
  try {
    for (const auto& item : rt::to_vector(in, v))
      if (item.is_tensor()) out.push_back(item.as_tensor());
  } catch (const rt::ScriptError&) {
  }
  if (out.empty()) throw CommandError(fmt::format("{} is not a tensor (or a list of tensors)", expr));
  return out;
}

namespace {

// The nodes where a NaN/Inf gradient is born in the paused (or last)
// backward, with their mark: the notion of render --grads (viz/model.h).
std::map<int, std::string> nonfinite_origins(ShellDebugUI& u, const autograd::GraphSnapshot& snap) {
  const debug::BackwardRun* run = u.pause() ? u.pause()->run
                                 : u.debugger().runs().empty() ? nullptr : u.debugger().runs().back().get();
  std::map<int, std::string> out;
  if (!run) return out;
  viz::Annotations notes = annotations_of(*run, snap, u.debugger().breakpoints(), u.pause() ? u.pause()->record : SIZE_MAX);
  for (const auto& n : viz::to_model(snap, notes).nodes)
    if (std::string text = viz::nonfinite_origin_text(n); !text.empty()) out[n.id] = text;
  return out;
}

void cmd_nodes(Shell& shell, const std::string& args) {
  ShellDebugUI& u = attach_debugger(shell);
  autograd::GraphSnapshot snap;
  auto namer = api::tensor_namer(shell.interpreter());
  const debug::BackwardRun* run = u.pause() ? u.pause()->run : nullptr;
  if (!args.empty()) {
    snap = autograd::snapshot(u.debugger().ids(), tensors_of_expression(shell, args), namer);
  } else if (run) {
    std::vector<c10::intrusive_ptr<ag::Node>> roots;
    for (int id : run->roots)
      if (auto n = u.debugger().ids().node(id)) roots.push_back(n);
    snap = autograd::snapshot_nodes(u.debugger().ids(), roots, namer);
  } else if (u.paused_in_forward()) {  // the graph built so far (Note [The graph so far])
    snap = autograd::snapshot(u.debugger().ids(), forward_graph_roots(shell), namer);
  } else {
    throw CommandError("usage: :nodes EXPR (a tensor or a list of tensors); while paused, :nodes alone");
  }
  if (snap.nodes.empty()) {
    shell.out("(no graph: the tensor does not require grad)\n");
    return;
  }
  std::map<int, std::string> born = nonfinite_origins(u, snap);
  std::string out;
  // Lines fit the terminal (what does not fit is cut with "..."); the name
  // column is as wide as the longest name.
  int columns = terminal_columns(STDOUT_FILENO);
  // The location column too: a module's path (`helpers/layers.py:10`)
  // longer than 24 would push its row's `saved=` out of line.
  auto where_of = [](const autograd::GraphNode& n) {
    return n.origin.valid() ? fmt::format("{}:{}", lang::file_name_of(n.origin.span), n.origin.span.line) : "";
  };
  size_t name_width = 8, where_width = 24;
  for (const auto& n : snap.nodes) {
    name_width = std::max(name_width, python_name(n.name).size());
    where_width = std::max(where_width, where_of(n).size());
  }
  for (const auto& n : snap.nodes) {
    std::string where = where_of(n);
    std::string saved;
    for (const auto& f : n.saved) saved += (saved.empty() ? "" : ",") + f.name;
    std::string extra;
    if (n.leaf) extra = " leaf " + (n.leaf->name().empty() ? std::string("(unnamed)") : n.leaf->name());
    else if (!n.modules.empty()) extra = " module " + autograd::module_frame_text(n.modules.back().path, n.modules.back().type);
    int hooks = n.pre_hooks + n.post_hooks + n.tensor_hooks;
    if (hooks) extra += fmt::format(" hooks={}", hooks);
    if (auto b = born.find(n.id); b != born.end()) extra = "  " + b->second + extra;
    std::string state = run ? state_of(run, u.pause() ? u.pause()->record : SIZE_MAX, n.id) : "";
    std::string line = fmt::format("#{:<4} {:<{}} {:<8} {:<{}}{}{}", n.id, python_name(n.name), columns > 0 ? name_width : 28,
                                   state, where, where_width, saved.empty() ? "" : " saved=" + saved, extra);
    out += fit_to_width(line, columns) + "\n";
  }
  shell.out(out);
}

void cmd_node(Shell& shell, const std::string& args) {
  ShellDebugUI& u = attach_debugger(shell);
  std::string spec = args;
  if (!spec.empty() && spec[0] == '#') spec = spec.substr(1);
  int id = -1;
  try {
    id = std::stoi(spec);
  } catch (const std::exception&) {
    throw CommandError("usage: :node #ID");
  }
  auto node = u.debugger().ids().node(id);
  if (!node) throw CommandError(fmt::format("no live node #{}", id));
  autograd::GraphNode g = autograd::describe_node(u.debugger().ids(), *node, api::tensor_namer(shell.interpreter()));
  // libtorch gives AccumulateGrad no sequence number (UINT64_MAX, which
  // PyTorch prints as 18446744073709551615): say so instead of the number.
  std::string seq = g.sequence_nr == UINT64_MAX ? "no sequence number" : fmt::format("sequence number {}", g.sequence_nr);
  std::string out = fmt::format("#{} {}  ({})\n", g.id, python_name(g.name), seq);
  if (!g.modules.empty())
    out += fmt::format("module: {} ({})\nmodule stack: {}\n", g.modules.back().path.empty() ? "(root)" : g.modules.back().path,
                       g.modules.back().type, autograd::module_stack_text(g.modules));
  if (g.origin.valid()) out += "created by:\n" + rt::format_frames(api::origin_frames(g.origin));
  if (g.leaf) {
    out += fmt::format("leaf: {} {}\n", g.leaf->name().empty() ? "(unnamed)" : g.leaf->name(), g.leaf->tensor.dtype);
    if (!g.leaf->parameter.empty() && !g.leaf->variable.empty()) out += fmt::format("  script name: {}\n", g.leaf->variable);
  }
  out += "next functions:\n";
  for (size_t i = 0; i < node->next_edges().size(); ++i) {
    const auto& e = node->next_edges()[i];
    if (!e.function) out += fmt::format("  [{}] None\n", i);
    else out += fmt::format("  [{}] #{} {} (input {})\n", i, u.debugger().ids().id_of(*e.function), python_name(e.function->name()),
                              e.input_nr);
  }
  out += fmt::format("hooks: {} pre, {} post{}\n", g.pre_hooks, g.post_hooks,
                     g.leaf ? fmt::format(", {} on the tensor", g.tensor_hooks) : "");
  out += "saved:\n";
  if (g.saved.empty()) out += "  (nothing)\n";
  for (const auto& f : g.saved) out += saved_line(f);
  shell.out(out);
}

}  // namespace

void register_inspect_commands(CommandTable& table) {
  table.add({"where", "", "the paused node, its progress, its creating call stack", ArgKind::None, {"w"}, cmd_node_where});
  table.add({"grads", "", "gradients flowing into (and out of) the node", ArgKind::None, {"g"}, cmd_grads});
  table.add({"saved", "[FIELD]", "what the node saved for backward (a field's value)", ArgKind::None, {}, cmd_saved});
  table.add({"list", "", "the program lines around the node's creating line", ArgKind::None, {}, cmd_node_list});
  table.add({"nodes", "[EXPR]", "the nodes of a tensor's graph (paused: of the backward)", ArgKind::Expression, {},
             cmd_nodes});
  table.add({"node", "#ID", "one node in full", ArgKind::None, {}, cmd_node});
  table.add({"history", "", "the nodes this backward has run, in engine order", ArgKind::None, {}, cmd_history});
  table.add({"back", "[N]", "look at the node N steps earlier in the history", ArgKind::None, {}, cmd_back});
  table.add({"forward", "[N]", "look at the node N steps later in the history", ArgKind::None, {}, cmd_forward});
}

}  // namespace backstep::repl
