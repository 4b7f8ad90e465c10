// torch.autograd.grad(..., is_grads_batched=True).
//
// Note [Batched gradients]: PyTorch runs one backward under its legacy vmap
// (torch._vmap_internals): each grad_output's first dimension becomes the
// batch dimension of a BatchedTensor at a new vmap level
// (at::_add_batch_dim), the engine runs every node once on those, and each
// gradient's batch dimension comes back as its first
// (at::_remove_batch_dim). The same ATen operators here, so the engine runs
// PyTorch's nodes in PyTorch's order: one backward, not one per row
// (autograd.functional.jacobian/hessian with vectorize=True rely on it).
#pragma once

#include "engine/runtime/interpreter.h"

#include <ATen/ATen.h>

#include <vector>

namespace backstep::api {

class BatchedGrads {
 public:
  BatchedGrads();  // enters a vmap level
  ~BatchedGrads();
  BatchedGrads(const BatchedGrads&) = delete;
  BatchedGrads& operator=(const BatchedGrads&) = delete;

  // The grad_outputs as BatchedTensors; PyTorch's errors for a shape that
  // does not match its output after the batch dimension, or batch sizes
  // that differ. None entries stay None.
  std::vector<rt::Value> wrap(rt::Interpreter& in, const std::vector<at::Tensor>& outputs,
                              const std::vector<rt::Value>& grads);
  // A gradient the engine returned, with the batch dimension first again.
  at::Tensor unwrap(const at::Tensor& grad) const;

 private:
  int64_t level_ = 0;
  int64_t batch_size_ = -1;
};

}  // namespace backstep::api
