// Tensors from Python data: torch.tensor and torch.as_tensor.
#pragma once

#include "engine/runtime/object.h"

#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <optional>

namespace backstep::api {

using rt::Interpreter;

at::Tensor tensor_from_data(Interpreter& in, const rt::Value& data, std::optional<c10::ScalarType> dtype,
                            std::optional<c10::Device> device);
rt::Value torch_tensor(Interpreter& in, rt::Args& args);     // torch.tensor(data, *, dtype, device, requires_grad, pin_memory)
rt::Value torch_as_tensor(Interpreter& in, rt::Args& args);  // torch.as_tensor(data, dtype=None, device=None)

}  // namespace backstep::api
