// Script functions as autograd hooks: Tensor.register_hook,
// Node.register_hook and Node.register_prehook, with the semantics of
// PyTorch 2.x's Python hooks (torch/csrc/autograd/python_hook.cpp).
//
// Like PyTorch, all script hooks of one kind on one node (or one tensor)
// live in one list behind a single libtorch hook object, inserted when the
// first of them is registered, in the node's list PyTorch uses for that kind
// (a tensor's in tensor_pre_hooks); the engine then orders them against its
// own (retain_grad runs after tensor hooks) as in PyTorch. Handles remove entries from
// the list. Hooks always run on the interpreter thread, whichever thread the
// engine calls them on.
#pragma once

#include "engine/runtime/object.h"

#include <torch/csrc/autograd/function.h>

namespace backstep::rt {
class GcVisitor;
}

namespace backstep::api {

using rt::Interpreter;
using rt::Value;

struct ScriptHookList : std::enable_shared_from_this<ScriptHookList> {
  std::vector<std::pair<uint64_t, Value>> hooks;  // (handle id, function), in registration order
  uint64_t next_id = 1;
  // A tensor's list: the grad_fn it hangs on while that node lives (null
  // for a leaf's, and once the node is gone).
  const torch::autograd::Node* node = nullptr;
};

// Implemented by the libtorch hooks that run a ScriptHookList, so the
// cycle collector can see what they hold (gc_autograd.cpp).
struct ScriptHookHolder {
  virtual ~ScriptHookHolder() = default;
  virtual const std::shared_ptr<ScriptHookList>& script_list() const = 0;
};

// Per-node script state, kept in the node's metadata so it lives exactly as
// long as the node.
struct NodeScriptData {
  Value metadata_dict;
  std::shared_ptr<ScriptHookList> pre, post;
};

// A handle object (torch.utils.hooks.RemovableHandle) whose remove() drops
// entry `id` from `list`.
Value removable_handle(std::shared_ptr<ScriptHookList> list, uint64_t id);

// A handle whose remove() runs `on_remove` once.
Value callback_handle(std::function<void()> on_remove);

// Registers `fn` in the node's pre-hook (grad_outputs) or post-hook
// (grad_inputs, grad_outputs) list; returns the handle.
Value register_node_prehook(Interpreter& in, torch::autograd::Node& node, const Value& fn);
Value register_node_posthook(Interpreter& in, torch::autograd::Node& node, const Value& fn);

// Tensor.register_hook(fn).
Value register_tensor_hook(Interpreter& in, const at::Tensor& t, const Value& fn);

// The cycle collector's view of the autograd side (gc_autograd.cpp): a hook
// list as a holder, and the traverser that reports what tensors' and nodes'
// script hooks hold, registered at start-up.
void gc_visit_hook_list(rt::GcVisitor& v, const std::shared_ptr<ScriptHookList>& list);
// A node held by `use_count` strong references, as a holder (its hooks,
// script data and ctx); nothing when it holds nothing of the script's.
void gc_visit_node(rt::GcVisitor& v, torch::autograd::Node& node, long use_count);
void install_gc_autograd();

// The node's `metadata` dict (persists while the node lives).
Value node_metadata_dict(torch::autograd::Node& node);

}  // namespace backstep::api
