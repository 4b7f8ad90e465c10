// `_backstep_parameter`: the native nn.Parameter type, which the language's
// torch.nn (engine/pylib/torch/nn/parameter.py) re-exports. Parameter stays a
// native type (a tensor marked as a parameter in the tensor registry) so that
// `print(p)` says "Parameter containing:" and graphs name its leaf; the rest
// of torch.nn is Python-level, as PyTorch's is. Internal: programs import
// torch.nn, never this.
#include "engine/api/autograd_api.h"
#include "engine/api/tensor_registry.h"
#include "engine/api/uninitialized_tensors.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/type_object.h"

#include <ATen/ATen.h>

namespace backstep::api {

using rt::Interpreter;
using rt::Value;

namespace {

// Parameter(data=None, requires_grad=True), as Tensor._make_subclass makes
// it: an alias of the data, detached, with the flag set.
Value make_parameter(Interpreter& in, rt::Args& a) {
  auto b = rt::bind_args(a, "Parameter", {"data", "requires_grad"});
  at::Tensor data = b[0] && !b[0]->is_none() ? b[0]->as_tensor() : at::empty({0});
  at::Tensor p = data.detach();
  if (rt::bool_arg(in, b[1], true)) set_requires_grad(p, true);
  TensorRegistry::instance().mark_parameter(p);
  return Value(p);
}

Value make_parameter_module(Interpreter&) {
  auto m = rt::make_module("_backstep_parameter");
  rt::mutable_types().parameter->slots.new_ = [](Interpreter& in, rt::TypeObject&, rt::Args& a) {
    return make_parameter(in, a);
  };
  m->set("Parameter", rt::type_value(*rt::types().parameter));
  // Lazy modules' placeholders (Note [Uninitialized placeholders]):
  // mark_uninitialized(t, is_parameter), uninitialized_kind(t) -> 0 (none),
  // 1 (parameter), 2 (buffer).
  m->def("mark_uninitialized", [](Interpreter& in, rt::Args& a) {
    auto b = rt::bind_args(a, "mark_uninitialized", {"tensor", "parameter"}, 2);
    if (!b[0]->is_tensor()) rt::raise_type_error("mark_uninitialized() expects a tensor");
    mark_uninitialized(b[0]->as_tensor(), rt::truthy(in, *b[1]) ? Uninitialized::Parameter : Uninitialized::Buffer);
    return Value();
  });
  m->def("uninitialized_kind", [](Interpreter&, rt::Args& a) {
    auto b = rt::bind_args(a, "uninitialized_kind", {"tensor"}, 1);
    return Value(static_cast<int64_t>(b[0]->is_tensor() ? uninitialized_kind(b[0]->as_tensor()) : Uninitialized::No));
  });
  return Value(m);
}

}  // namespace

void install_nn_parameter_module(Interpreter& in) {
  in.register_module("_backstep_parameter", make_parameter_module);
}

}  // namespace backstep::api
