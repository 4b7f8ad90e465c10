// The graph node of a script's torch.autograd.Function (PyTorch's PyNode):
// named `<Class>Backward`, holding what the ctx saved as SavedVariables, and
// calling back into the language for the user's `backward`.
//
// libtorch internals used here: Node subclassing (torch/csrc/autograd/node.h),
// SavedVariable (version-counter checks with PyTorch's error text),
// VariableInfo (zeros for materialized gradients), and
// torch::autograd::_wrap_outputs (custom_function.h), the function both of
// PyTorch's custom-Function front ends use to attach outputs to the node
// (dirty inputs, non-differentiable outputs, inputs returned as views).
#pragma once

#include <torch/csrc/autograd/custom_function.h>
#include <torch/csrc/autograd/node.h>
#include <torch/csrc/autograd/saved_variable.h>
#include <torch/csrc/autograd/variable_info.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace backstep::autograd {

namespace ag = torch::autograd;

class ScriptFunctionNode final : public ag::Node {
 public:
  // Runs the script's backward for `grads` (one per forward output, after
  // materialization) and returns one gradient per tensor input.
  using Backward = std::function<ag::variable_list(ScriptFunctionNode&, ag::variable_list&&)>;

  ScriptFunctionNode(std::string name, Backward backward) : name_(std::move(name)), backward_(std::move(backward)) {}

  std::string name() const override { return name_; }
  ag::variable_list apply(ag::variable_list&& grads) override;
  void release_variables() override;
  // Note [A dead node lets go of its ctx]: called by c10 when the last
  // strong reference goes. The ctx's handle names this node through a
  // c10::weak_intrusive_ptr, and c10 runs a node's destructor only when its
  // weak count reaches zero too -- but the handle is owned by the ctx, which
  // the payload owns: without this, a node that dies without a backward
  // (its graph dropped, or the forward raised) would keep its ctx, and the
  // ctx the node's memory, forever (the interpreter fuzz target found it).
  void release_resources() override;

  // What PyTorch's THPFunction keeps beside the node.
  std::vector<bool> is_variable_input;  // per forward argument: a tensor?
  std::vector<ag::VariableInfo> output_info;  // per forward output
  bool materialize_grads = true;
  // Its backward is the program's own code, not the library's: the
  // debugger's :step before the node enters only such a backward.
  bool program_backward = false;
  // The script side (the ctx object): opaque here, owned by the node as
  // PyNode owns its Python object.
  std::shared_ptr<void> payload;
  // Called when the backward releases the saved state (retain_graph=False).
  std::function<void()> on_release;
  bool released() const { return has_freed_buffers_; }

  // Attaches `outputs` (nullopt for non-tensor outputs) to this node, or to
  // none when `executable` is false; marks `dirty` inputs as modified.
  std::vector<std::optional<at::Tensor>> wrap_outputs(const ag::variable_list& inputs,
                                                      const std::unordered_set<at::TensorImpl*>& non_differentiable,
                                                      const std::unordered_set<at::TensorImpl*>& dirty,
                                                      const std::vector<std::optional<at::Tensor>>& outputs,
                                                      bool executable);

  // ctx.save_for_backward after the outputs are wrapped: undefined entries
  // stand for None; a tensor whose grad_fn is this node is saved as an output.
  void save(const std::vector<at::Tensor>& tensors);
  // ctx.saved_tensors: unpacked with the version check; PyTorch's
  // "backward through the graph a second time" error once released.
  std::vector<at::Tensor> unpack_saved();
  // The SavedVariables themselves (for the debugger's saved-tensor views).
  std::vector<ag::SavedVariable>& saved_variables() { return saved_; }

 private:
  std::string name_;
  Backward backward_;
  std::vector<ag::SavedVariable> saved_;
  bool has_freed_buffers_ = false;
};

namespace detail {
struct NodeTypeDesc;
}
// The saved-field table of ScriptFunctionNode (one field, `saved_tensors`),
// registered beside the generated ones (saved_fields.cpp), so graph views,
// `:saved` and reprs treat a custom Function's node like libtorch's.
const detail::NodeTypeDesc& script_function_node_type();

// An Error node (torch::autograd::DelayedError) over `tensors`: what
// once_differentiable attaches to a backward's results so that
// differentiating them again fails with `message`.
std::vector<at::Tensor> delayed_error(const std::string& message, const std::vector<at::Tensor>& tensors);

}  // namespace backstep::autograd
