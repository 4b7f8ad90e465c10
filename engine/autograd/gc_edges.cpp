#include "engine/autograd/gc_edges.h"

#include <torch/csrc/autograd/functions/accumulate_grad.h>
#include <torch/csrc/autograd/variable.h>

namespace backstep::autograd {

// Relies on libtorch's AutogradMeta (torch/csrc/autograd/variable.h), the
// concrete type behind TensorImpl::autograd_meta() for every tensor libtorch
// makes: its grad_fn_, hooks_ and grad_accumulator_ fields, and on
// AccumulateGrad::variable. Read only, on the interpreter thread.
bool tensor_autograd_refs(const c10::TensorImpl& impl, TensorAutogradRefs& out) {
  auto* meta = static_cast<torch::autograd::AutogradMeta*>(impl.autograd_meta());
  if (!meta) return false;
  out.grad_fn = meta->grad_fn_.get();
  out.grad_fn_count = out.grad_fn ? static_cast<long>(meta->grad_fn_.use_count()) : 0;
  out.hooks = &meta->hooks_;
  if (auto acc = meta->grad_accumulator_.lock())
    if (auto* a = dynamic_cast<torch::autograd::AccumulateGrad*>(acc.get()))
      out.graph_refs = a->variable.unsafeGetTensorImpl() == &impl ? 1 : 0;
  return true;
}

long node_use_count(const torch::autograd::Node& node) {
  return static_cast<long>(c10::raw::intrusive_ptr::use_count(const_cast<torch::autograd::Node*>(&node)));
}

}  // namespace backstep::autograd
