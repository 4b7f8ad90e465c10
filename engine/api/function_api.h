// The native half of torch.autograd.Function (the language's half is
// engine/pylib/torch/autograd/function.py): the internal module
// `_backstep_function` that Function.apply, ctx.saved_tensors and
// once_differentiable call, and the ctx object that stands for a custom
// Function's node wherever the script sees the node (y.grad_fn,
// next_functions), as PyTorch's BackwardCFunction object does.
#pragma once

#include "engine/runtime/object.h"

#include <torch/csrc/autograd/function.h>

#include <optional>

namespace backstep::rt {
class GcVisitor;
}
namespace backstep::autograd {
class ScriptFunctionNode;
}

namespace backstep::api {

// The ctx of a script Function's node; nullopt for every other node.
std::optional<rt::Value> function_ctx_of(const torch::autograd::Node& node);

void install_function_module(rt::Interpreter& in);

// Reports the ctx a script Function's node holds, for the cycle collector.
void gc_visit_function_payload(rt::GcVisitor& v, const autograd::ScriptFunctionNode& node);

}  // namespace backstep::api
