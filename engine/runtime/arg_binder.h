// Binding the arguments of a builtin implemented in C++ the way Python binds
// a def's parameters, with CPython's error messages. For builtins that
// mirror Python functions of PyTorch (torch.autograd.grad, Tensor.backward).
#pragma once

#include "engine/runtime/object.h"

#include <initializer_list>
#include <vector>

namespace backstep::rt {

// Returns one pointer per name: the argument given for it (positionally or
// by keyword), or nullptr. The first `required` names must be given.
// Names after `kw_only_from` are keyword-only.
std::vector<const Value*> bind_args(const Args& a, const char* fn, std::initializer_list<const char*> names,
                                    size_t required = 0, size_t kw_only_from = SIZE_MAX);

// Convenience readers for bound arguments.
bool bool_arg(Interpreter& in, const Value* v, bool fallback);

}  // namespace backstep::rt
