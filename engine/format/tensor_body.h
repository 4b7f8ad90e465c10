// Internal to engine/format: the bracketed contents of a dense tensor's repr,
// i.e. torch._tensor_str._tensor_str (formatter choice, summarisation, line
// wrapping). tensor_repr.cpp adds the "tensor(" prefix and the suffixes.
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <string>

#include "engine/format/tensor_repr.h"

namespace backstep::format::detail {

// _tensor_str(self, indent): `indent` is the column the opening '[' sits at.
std::string tensor_body(const at::Tensor& self, int64_t indent, const PrintOptions& options);

}  // namespace backstep::format::detail
