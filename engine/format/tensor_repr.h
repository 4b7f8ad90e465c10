// PyTorch's repr(tensor) / str(tensor): a C++ port of torch/_tensor_str.py
// (PyTorch 1.13), plus the dtype names Python shows.
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <optional>
#include <string>

namespace backstep::format {

// The state torch.set_printoptions changes (torch._tensor_str.PRINT_OPTS).
// Python allows threshold=inf ("full" profile); here that is INT64_MAX.
struct PrintOptions {
  int precision = 4;
  int64_t threshold = 1000;
  int64_t edgeitems = 3;
  int linewidth = 80;
  std::optional<bool> sci_mode;
};

// The process-wide current options (what every tensor_repr call uses).
PrintOptions& print_options();

// torch.set_printoptions(...): a profile ("default", "short", "full"; other
// names are ignored, as in PyTorch) is applied first, then each given field.
// sci_mode is always assigned, so omitting it resets it to automatic.
struct PrintOptionsUpdate {
  std::optional<int> precision;
  std::optional<int64_t> threshold;
  std::optional<int64_t> edgeitems;
  std::optional<int> linewidth;
  std::optional<std::string> profile;
  std::optional<bool> sci_mode;
};
void set_printoptions(const PrintOptionsUpdate& update);

struct TensorReprExtras {
  bool is_parameter = false;  // torch.nn.Parameter: "Parameter containing:\n" prefix
};

// repr(t) == str(t) in PyTorch, using print_options(). `t` must be defined
// (std::invalid_argument otherwise: printing None is the caller's business).
// Errors PyTorch raises while printing are thrown with PyTorch's message
// (FormatError for a negative precision).
std::string tensor_repr(const at::Tensor& t, const TensorReprExtras& extras = {});

// str(dtype): "torch.float32", "torch.int64", "torch.bool", "torch.quint8", ...
std::string dtype_name(c10::ScalarType dtype);

// The short names of torch.testing._internal.common_utils.dtype_abbrs used in
// autograd graph logging: f32 f64 f16 bf16 c32 c64 c128 i8 i16 i32 i64 u8 b8.
// Other dtypes get their name without "torch.".
std::string dtype_abbrev(c10::ScalarType dtype);

}  // namespace backstep::format
