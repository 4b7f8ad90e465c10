// The placeholders a Lazy module (LazyLinear, LazyConv2d, LazyBatchNorm1d,
// ...) holds until its first forward: PyTorch's UninitializedParameter and
// UninitializedBuffer, which print as `<UninitializedParameter>`.
//
// Note [Uninitialized placeholders]: backstep's placeholder is an empty
// Parameter (or tensor) marked here, keyed by TensorImpl with a weak
// reference as the tensor registry keys its entries; the first forward
// replaces it with a real tensor, which carries no mark. repr() reads the
// mark; pylib's torch.nn.parameter reads it for isinstance() and is_lazy().
#pragma once

#include <ATen/core/Tensor.h>

namespace backstep::api {

enum class Uninitialized { No, Parameter, Buffer };

void mark_uninitialized(const at::Tensor& t, Uninitialized kind);
Uninitialized uninitialized_kind(const at::Tensor& t);

}  // namespace backstep::api
