// Autograd graph nodes as script objects: what `y.grad_fn` and the entries
// of `next_functions` are (torch.autograd.graph.Node in PyTorch).
//
// The same libtorch node always maps to the same script object while that
// object is alive, so `a.grad_fn is b.grad_fn.next_functions[0][0]` works as
// in PyTorch (which caches the Python object on the node).
#pragma once

#include "engine/runtime/objects.h"

#include <torch/csrc/autograd/function.h>

namespace backstep::api {

using rt::Interpreter;
using rt::Value;

class NodeObject : public rt::Object {
 public:
  explicit NodeObject(c10::intrusive_ptr<torch::autograd::Node> node)
      : Object(rt::ObjKind::Other), node_(std::move(node)) {}
  static bool is_instance(const rt::Object& o);

  const rt::TypeObject& native_type() const override;  // Note [node classes]
  std::string repr(Interpreter& in) const override;  // <MulBackward0 object at 0x...>
  std::string attr_error_message(std::string_view name) const override;  // 'MulBackward0' object has ...
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  std::vector<std::string> attr_names() const override;
  std::optional<Value> call_method(Interpreter& in, std::string_view name, rt::Args& args) override;

  torch::autograd::Node& node() const { return *node_; }
  const c10::intrusive_ptr<torch::autograd::Node>& shared_node() const { return node_; }

 private:
  c10::intrusive_ptr<torch::autograd::Node> node_;
};

// The script object for a node (None for a null node).
Value node_object(const c10::intrusive_ptr<torch::autograd::Node>& node);

// The node's name() as PyTorch shows it ("MulBackward0", "torch::autograd::AccumulateGrad").
std::string node_name(const torch::autograd::Node& node);
// The name of the Python class PyTorch gives the node, as repr and error
// messages show it: "MulBackward0", "AccumulateGrad", and "CppFunction" for
// node types PyTorch registers no class for.
std::string python_type_name(const torch::autograd::Node& node);

}  // namespace backstep::api
