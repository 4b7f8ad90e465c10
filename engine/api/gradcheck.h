// torch.autograd.gradcheck and torch.autograd.gradgradcheck: the checks of
// PyTorch 2.x's torch/autograd/gradcheck.py in its default (slow) mode,
// with its messages, written against backstep's interpreter so that script
// functions, hooks and the debugger take part exactly as in a script.
#pragma once

#include "engine/runtime/object.h"

namespace backstep::api {

using rt::Args;
using rt::Interpreter;
using rt::Value;

// gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, ..., masked=None)
Value gradcheck(Interpreter& in, Args& args);
// gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3, ..., masked=False)
Value gradgradcheck(Interpreter& in, Args& args);

// The module torch.autograd.gradcheck: gradcheck, gradgradcheck, GradcheckError.
Value make_gradcheck_module(Interpreter& in);

}  // namespace backstep::api
