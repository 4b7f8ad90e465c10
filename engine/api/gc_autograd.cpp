// The cycle collector's view of the autograd side (Note [cycle collection]
// in engine/runtime/gc.h). Script functions reach libtorch as hooks: a
// tensor's hooks (a leaf's in its autograd state, a non-leaf's on its
// grad_fn), a node's pre- and post-hooks, its `metadata` dict, an
// autograd.Function's ctx. A cycle closes through them when such a function
// refers back to the object holding the tensor:
//
//     self.w.register_hook(lambda g: self.scale * g)
//
// The tensor (its TensorImpl), the node, the node's script data and each hook
// list are holders with exact strong counts. Like PyTorch's tensor traversal
// (THPVariable_subclass_traverse), a tensor reports its grad_fn but not the
// graph behind it: the collector never walks whole graphs.
#include "engine/api/function_api.h"
#include "engine/api/script_hooks.h"
#include "engine/autograd/gc_edges.h"
#include "engine/autograd/node_metadata.h"
#include "engine/autograd/script_function_node.h"
#include "engine/runtime/gc.h"

namespace backstep::api {

namespace ag = torch::autograd;
using rt::GcHolderType;
using rt::GcVisitor;

namespace {

// --- hook lists -----------------------------------------------------------------

void traverse_list(const void* key, GcVisitor& v) {
  for (const auto& [id, fn] : static_cast<const ScriptHookList*>(key)->hooks) v.visit(fn);
}
void clear_list(const void* key) {
  auto* list = const_cast<ScriptHookList*>(static_cast<const ScriptHookList*>(key));
  auto old = std::move(list->hooks);
  list->hooks.clear();
}
std::shared_ptr<void> retain_list(const void* key) {
  return const_cast<ScriptHookList*>(static_cast<const ScriptHookList*>(key))->shared_from_this();
}
const GcHolderType kHookList{"hook list", traverse_list, clear_list, retain_list};

template <class Hooks>
void visit_hooks(GcVisitor& v, const Hooks& hooks) {
  for (const auto& h : hooks)
    if (auto* holder = dynamic_cast<const ScriptHookHolder*>(h.get())) gc_visit_hook_list(v, holder->script_list());
}

// --- a node's script data ---------------------------------------------------------

void traverse_script_data(const void* key, GcVisitor& v) {
  const auto& data = *static_cast<const NodeScriptData*>(key);
  v.visit(data.metadata_dict);
  gc_visit_hook_list(v, data.pre);
  gc_visit_hook_list(v, data.post);
}
const GcHolderType kScriptData{"node script data", traverse_script_data};

bool has_script_refs(ag::Node& node) {
  auto* meta = autograd::metadata_of(node);
  return (meta && meta->script_data()) || !node.pre_hooks().empty() || !node.post_hooks().empty() ||
         !node.tensor_pre_hooks().empty() || dynamic_cast<autograd::ScriptFunctionNode*>(&node);
}

void traverse_node(const void* key, GcVisitor& v) {
  auto& node = *const_cast<ag::Node*>(static_cast<const ag::Node*>(key));
  visit_hooks(v, node.pre_hooks());
  visit_hooks(v, node.tensor_pre_hooks());
  visit_hooks(v, node.post_hooks());
  if (auto* meta = autograd::metadata_of(node))
    if (const auto& data = meta->script_data()) v.visit_holder(data.get(), data.use_count(), kScriptData);
  if (auto* fn = dynamic_cast<autograd::ScriptFunctionNode*>(&node)) gc_visit_function_payload(v, *fn);
}
const GcHolderType kNode{"autograd node", traverse_node};

// --- tensors ----------------------------------------------------------------------

void traverse_tensor_impl(const void* key, GcVisitor& v) {
  autograd::TensorAutogradRefs refs;
  if (!autograd::tensor_autograd_refs(*static_cast<const c10::TensorImpl*>(key), refs)) return;
  if (refs.hooks) visit_hooks(v, *refs.hooks);
  if (refs.grad_fn && has_script_refs(*refs.grad_fn)) v.visit_holder(refs.grad_fn, refs.grad_fn_count, kNode);
}
const GcHolderType kTensor{"tensor", traverse_tensor_impl};

// Most tensors hold nothing of the script's: they are not reported at all.
void traverse_tensor(const at::Tensor& t, GcVisitor& v) {
  if (!t.defined()) return;
  autograd::TensorAutogradRefs refs;
  if (!autograd::tensor_autograd_refs(*t.unsafeGetTensorImpl(), refs)) return;
  bool hooks = refs.hooks && !refs.hooks->empty();
  if (!hooks && !(refs.grad_fn && has_script_refs(*refs.grad_fn))) return;
  v.visit_holder(t.unsafeGetTensorImpl(), static_cast<long>(t.use_count()) - refs.graph_refs, kTensor);
}

}  // namespace

void gc_visit_hook_list(GcVisitor& v, const std::shared_ptr<ScriptHookList>& list) {
  if (list) v.visit_holder(list.get(), list.use_count(), kHookList);
}

void gc_visit_node(GcVisitor& v, ag::Node& node, long use_count) {
  if (has_script_refs(node)) v.visit_holder(&node, use_count, kNode);
}

void install_gc_autograd() { rt::set_gc_tensor_traverser(traverse_tensor); }

}  // namespace backstep::api
