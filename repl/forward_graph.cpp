#include "repl/forward_graph.h"

#include "engine/api/tensor_names.h"
#include "engine/autograd/graph_model.h"
#include "engine/debug/frames.h"
#include "engine/runtime/module.h"
#include "engine/runtime/dict_object.h"
#include "engine/runtime/objects.h"
#include "repl/debug_ui.h"

#include <set>
#include <unordered_set>

namespace backstep::repl {

namespace {

void collect(const rt::Value& v, std::vector<at::Tensor>& out, int depth = 0) {
  if (v.is_tensor()) {
    if (v.as_tensor().defined() && v.as_tensor().requires_grad()) out.push_back(v.as_tensor());
    return;
  }
  if (depth > 0) return;
  if (auto* l = v.as<rt::ListObject>()) {
    for (const auto& item : l->items) collect(item, out, depth + 1);
  } else if (auto* t = v.as<rt::TupleObject>()) {
    for (const auto& item : t->items) collect(item, out, depth + 1);
  } else if (auto* d = v.as<rt::DictObject>()) {
    for (const auto& item : d->values()) collect(item, out, depth + 1);
  }
}

// The tensors of the variables in the paused stack, innermost frame first.
std::vector<at::Tensor> variables_tensors(const std::vector<debug::StackFrame>& frames) {
  std::vector<at::Tensor> out;
  std::unordered_set<const rt::ModuleGlobals*> modules;
  for (const auto& f : frames) {
    if (!f.frame) continue;
    for (const auto& b : debug::frame_bindings(*f.frame)) collect(b.value, out);
  }
  for (const auto& f : frames) {
    if (!f.frame || !f.frame->globals || !modules.insert(f.frame->globals).second) continue;
    for (const auto& v : f.frame->globals->values)
      if (!rt::is_unbound(v)) collect(v, out);
  }
  return out;
}

}  // namespace

std::vector<at::Tensor> forward_graph_roots(Shell& shell) {
  ShellDebugUI& ui = attach_debugger(shell);
  std::vector<at::Tensor> candidates = variables_tensors(ui.stack());
  if (candidates.empty())
    throw CommandError("no graph yet: no variable here holds a tensor that requires grad (:graph EXPR names one)");
  autograd::SnapshotOptions light;
  light.saved_fields = false;
  autograd::GraphSnapshot all = autograd::snapshot(ui.debugger().ids(), candidates, api::tensor_namer(shell.interpreter()), light);
  std::set<int> consumed;
  for (const auto& e : all.edges) consumed.insert(e.to);
  std::set<std::pair<int, int>> seen;  // (node, output) already a root
  std::vector<at::Tensor> roots;
  for (size_t i = 0; i < all.roots.size() && i < candidates.size(); ++i) {
    const auto& r = all.roots[i];
    if (consumed.count(r.node) || !seen.insert({r.node, r.output_nr}).second) continue;
    roots.push_back(candidates[i]);
  }
  return roots;
}

}  // namespace backstep::repl
