// Values to IValues (arguments) and IValues to Values (results), with
// python_arg_parser's conversions. Internal to engine/torch.
#pragma once

#include "engine/runtime/object.h"
#include "engine/torch/signature.h"

#include <ATen/core/stack.h>

namespace backstep::torchb::detail {

namespace rt = backstep::rt;

// The IValue for Param `p` of `sig` from a matched value (never None: the
// caller substitutes defaults). `varargs` means the value is the whole
// positional list (view(2, 3)). Raises TypeError for bad list elements
// ("argument 'size' must be tuple of ints, but found element of type float
// at pos 2") and the device errors of check_device_available.
c10::IValue to_ivalue(const Signature& sig, const Param& p, const rt::Value* v, bool varargs,
                      const rt::Args& args);

// A Python number as a 0-dim "wrapped number" tensor, so type promotion
// treats it like a Python scalar (int tensor * 2.5 is float).
at::Tensor wrapped_number(const rt::Value& v);

// An operator's results (left on `stack`) as a Value: a tensor, a number, a
// tuple, or a torch.return_types.<name> named tuple when the schema names
// its returns.
rt::Value from_returns(const c10::FunctionSchema& schema, torch::jit::Stack& stack);

// One IValue as a Value, typed by the schema type it came from.
rt::Value from_ivalue(const c10::TypePtr& type, c10::IValue&& v);

}  // namespace backstep::torchb::detail
