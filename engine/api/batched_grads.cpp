#include "engine/api/batched_grads.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <ATen/LegacyBatchedTensorImpl.h>
#include <ATen/LegacyVmapMode.h>
#include <fmt/format.h>

namespace backstep::api {

namespace {

std::string sizes_repr(rt::Interpreter& in, at::IntArrayRef sizes) { return rt::repr(in, rt::make_size(sizes)); }

}  // namespace

BatchedGrads::BatchedGrads() : level_(at::impl::VmapMode::increment_nesting()) {}

BatchedGrads::~BatchedGrads() { at::impl::VmapMode::decrement_nesting(); }

std::vector<rt::Value> BatchedGrads::wrap(rt::Interpreter& in, const std::vector<at::Tensor>& outputs,
                                          const std::vector<rt::Value>& grads) {
  std::vector<rt::Value> out;
  for (size_t i = 0; i < grads.size(); ++i) {
    if (!grads[i].is_tensor() || i >= outputs.size()) {
      out.push_back(grads[i]);
      continue;
    }
    const at::Tensor& g = grads[i].as_tensor();
    at::IntArrayRef per_row = g.dim() > 0 ? g.sizes().slice(1) : g.sizes();
    // PyTorch's message drops the first dimension twice (of grad[0]).
    at::IntArrayRef shown = g.dim() > 1 ? g.sizes().slice(2) : at::IntArrayRef();
    if (g.dim() == 0 || !outputs[i].sizes().equals(per_row))
      rt::raise_runtime_error(fmt::format(
          "If `is_grads_batched=True`, we interpret the first dimension of each grad_output as the batch dimension. "
          "The sizes of the remaining dimensions are expected to match the shape of corresponding output, but a "
          "mismatch was detected: grad_output[{}] has a shape of {} and output[{}] has a shape of {}. If you only "
          "want some tensors in `grad_output` to be considered batched, consider using vmap.",
          i, sizes_repr(in, shown), i, sizes_repr(in, outputs[i].sizes())));
    if (batch_size_ >= 0 && g.size(0) != batch_size_)
      rt::raise_value_error(fmt::format(
          "vmap: Expected all tensors to have the same size in the mapped dimension, got sizes [{}, {}] for the "
          "mapped dimension",
          batch_size_, g.size(0)));
    batch_size_ = g.size(0);
    out.emplace_back(at::_add_batch_dim(g, 0, level_));
  }
  return out;
}

at::Tensor BatchedGrads::unwrap(const at::Tensor& grad) const {
  if (!grad.defined()) return grad;
  return at::_remove_batch_dim(grad, level_, std::max<int64_t>(batch_size_, 1), 0);
}

}  // namespace backstep::api
