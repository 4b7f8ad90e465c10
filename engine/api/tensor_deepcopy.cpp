// Tensor.__deepcopy__ (torch/_tensor.py and nn.Parameter's own): what
// copy.deepcopy(model) needs. A leaf is cloned under no_grad, keeps its
// requires_grad and parameter-ness, and its .grad is copied too; the copy
// goes into the memo under id(self) so a tensor shared in the copied
// structure stays shared. Non-leaf tensors are refused with PyTorch's text.
#include "engine/api/autograd_api.h"
#include "engine/api/tensor_registry.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/dict_object.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"

#include <ATen/ATen.h>

namespace backstep::api {

namespace {

at::Tensor detached_copy(const at::Tensor& t) {
  at::NoGradGuard no_grad;
  return t.detach().clone(at::MemoryFormat::Preserve);
}

}  // namespace

rt::Value tensor_deepcopy(rt::Interpreter&, const rt::Value& self, rt::Args& a) {
  auto b = rt::bind_args(a, "__deepcopy__", {"memo"}, 1);
  const at::Tensor& t = self.as_tensor();
  if (!t.is_leaf())
    rt::raise_runtime_error(
        "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the moment.  "
        "If you were attempting to deepcopy a module, this may be because of a torch.nn.utils.weight_norm usage, "
        "see https://github.com/pytorch/pytorch/pull/103001");
  auto* memo = b[0]->as<rt::DictObject>();
  rt::Value key(static_cast<int64_t>(rt::identity(self)));
  if (memo)
    if (const rt::Value* seen = memo->find(key)) return *seen;
  at::Tensor copy = detached_copy(t);
  if (t.requires_grad()) set_requires_grad(copy, true);
  if (TensorRegistry::instance().is_parameter(t)) TensorRegistry::instance().mark_parameter(copy);
  if (t.grad().defined()) copy.mutable_grad() = detached_copy(t.grad());
  rt::Value out(copy);
  if (memo) memo->set(key, out);
  return out;
}

}  // namespace backstep::api
