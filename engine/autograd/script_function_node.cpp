#include "engine/autograd/script_function_node.h"

#include "engine/autograd/libtorch_compat.h"
#include "engine/autograd/saved_fields_detail.h"
#include "engine/format/tensor_repr.h"

#include <torch/csrc/autograd/functions/basic_ops.h>

#include <mutex>

namespace backstep::autograd {

ag::variable_list ScriptFunctionNode::apply(ag::variable_list&& grads) {
  // Materialize undefined gradients as zeros shaped like their output, as
  // PyNode::apply does unless ctx.set_materialize_grads(False); a non-tensor
  // output's info is empty and stays None.
  at::OptionalDeviceGuard device_guard;
  for (size_t i = 0; i < grads.size() && i < output_info.size(); ++i)
    if (!grads[i].defined() && materialize_grads) grads[i] = output_info[i].zeros(device_guard);
  // The node's own mutex, as PyNode holds the GIL and CppNode this lock:
  // one script backward of this node at a time.
  std::lock_guard<std::mutex> lock(mutex_);
  return backward_(*this, std::move(grads));
}

void ScriptFunctionNode::release_variables() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    saved_.clear();
    has_freed_buffers_ = true;
  }
  // The engine holds the node while it calls this, so dropping another
  // reference here cannot free it under our feet.
  if (on_release) on_release();
}

void ScriptFunctionNode::release_resources() {
  // Moved out first: dropping the ctx may run script code (finalizers) that
  // must not find a half-cleared node.
  auto payload_gone = std::move(payload);  // a moved-from shared_ptr is null
  auto on_release_gone = std::move(on_release);
  on_release = nullptr;  // a moved-from std::function is only "valid"
  ag::Node::release_resources();
}

std::vector<std::optional<at::Tensor>> ScriptFunctionNode::wrap_outputs(
    const ag::variable_list& inputs, const std::unordered_set<at::TensorImpl*>& non_differentiable,
    const std::unordered_set<at::TensorImpl*>& dirty, const std::vector<std::optional<at::Tensor>>& outputs,
    bool executable) {
  auto view_as_self = [](const at::Tensor& x) { return x.view_as(x); };
  ag::_jvp_fn_t no_jvp = [](const ag::variable_list&, const ag::variable_list&) -> ag::variable_list {
    TORCH_CHECK(false, "backstep: forward-mode AD (jvp) through a custom Function is not supported");
  };
  // ctx.mark_dirty counts as one more change of the input (PyTorch's
  // _mark_dirty), on top of the in-place operation the forward did.
  for (auto* impl : dirty) impl->bump_version();
  c10::intrusive_ptr<ag::Node> attached;
  c10::intrusive_ptr<ag::Node> self = executable ? getptr() : c10::intrusive_ptr<ag::Node>();
  auto wrapped = ag::_wrap_outputs(inputs, non_differentiable, dirty, outputs, self, no_jvp, {}, view_as_self,
                                   /*pure_view=*/false, attached);
  if (executable)
    for (const auto& out : wrapped) output_info.emplace_back(out ? ag::VariableInfo(*out) : ag::VariableInfo());
  return wrapped;
}

void ScriptFunctionNode::save(const std::vector<at::Tensor>& tensors) {
  for (const auto& t : tensors) {
    if (!t.defined()) {
      saved_.emplace_back();
      continue;
    }
    bool is_output = t.grad_fn().get() == this;
    saved_.emplace_back(t, is_output);
  }
}

std::vector<at::Tensor> ScriptFunctionNode::unpack_saved() {
  TORCH_CHECK(!has_freed_buffers_, ag::ERR_BACKWARD_TWICE);
  std::vector<at::Tensor> out;
  auto self = getptr();
  for (const auto& sv : saved_) out.push_back(sv.unpack(self));
  return out;
}

namespace {

ScriptFunctionNode& as_script_node(ag::Node& n) { return static_cast<ScriptFunctionNode&>(n); }

// As text, from the SavedVariables' state: unpacking would run a
// saved-tensor unpack hook (checkpoint's recomputes and may be unpacked only
// once), and looking at a graph must not change it.
SavedValue read_saved_tensors(ag::Node& n) {
  auto& node = as_script_node(n);
  if (node.released()) detail::throw_backward_twice();
  std::string text = "(";
  const auto& saved = node.saved_variables();
  for (size_t i = 0; i < saved.size(); ++i) {
    SavedVariableState st = state_of(saved[i]);
    text += i ? ", " : "";
    if (st.packed) {
      text += "<packed by a hook>";
    } else if (st.empty) {
      text += "None";
    } else {
      std::string dtype = format::dtype_name(st.dtype);
      text += (dtype.rfind("torch.", 0) == 0 ? dtype.substr(6) : dtype) + "[";
      for (size_t d = 0; d < st.shape.size(); ++d) text += (d ? ", " : "") + std::to_string(st.shape[d]);
      text += "]";
    }
  }
  text += saved.size() == 1 ? ",)" : ")";
  return SavedValue{SavedKind::Opaque, c10::IValue(), text};
}

std::vector<ag::SavedVariable>* raw_saved_tensors(ag::Node& n) {
  auto& node = as_script_node(n);
  return detail::raw_list(node.saved_variables(), node.released());
}

bool is_script_node(const ag::Node& n) { return dynamic_cast<const ScriptFunctionNode*>(&n) != nullptr; }

const detail::FieldDesc kScriptFunctionFields[] = {
    // PyTorch shows them as ctx.saved_tensors, not as a `_saved_` property.
    {"saved_tensors", SavedKind::TensorList, false, false, "std::vector<SavedVariable>", &read_saved_tensors, nullptr,
     &raw_saved_tensors},
};

}  // namespace

const detail::NodeTypeDesc& script_function_node_type() {
  static const detail::NodeTypeDesc desc{"<custom autograd.Function>", &typeid(ScriptFunctionNode), &is_script_node,
                                         kScriptFunctionFields, 1, /*python_class=*/true};
  return desc;
}

std::vector<at::Tensor> delayed_error(const std::string& message, const std::vector<at::Tensor>& tensors) {
  auto node = c10::make_intrusive<ag::DelayedError>(message, static_cast<int64_t>(tensors.size()));
  ag::variable_list inputs(tensors.begin(), tensors.end());
  return node->apply(std::move(inputs));
}

}  // namespace backstep::autograd
