// torch.Tensor(...), torch.FloatTensor and the other legacy tensor classes,
// Tensor.new and Tensor.new_tensor (legacy_constructors.cpp).
#pragma once

#include "engine/runtime/object.h"

#include <c10/core/ScalarType.h>

#include <optional>

namespace backstep::rt {
class ModuleObject;
}

namespace backstep::api {

void install_legacy_constructors(rt::ModuleObject& torch_module);
// The dtype of a legacy class (torch.LongTensor -> int64); nullopt otherwise.
std::optional<c10::ScalarType> legacy_class_dtype(const rt::Value& v);
rt::Value tensor_new_tensor(rt::Interpreter& in, const rt::Value& self, rt::Args& a);
rt::Value tensor_new(rt::Interpreter& in, const rt::Value& self, rt::Args& a);

}  // namespace backstep::api
