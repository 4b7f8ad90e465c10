// The nn.Module calls the interpreter thread is inside, innermost first, as
// the autograd side records them on every node it creates ("which module
// made this node": encoder.layers.0.self_attn, type MultiheadAttention).
//
// The language's nn.Module.__call__ (engine/pylib/torch/nn) enters a scope
// before forward and leaves it after, through the `_backstep_nn` module
// (engine/api/nn_scope.cpp). A scope is an immutable linked list, as the
// call chain in lang/origin.h is: every node made inside one module call
// shares it, so recording it costs one reference-count increment.
#pragma once

#include <memory>
#include <string>

namespace backstep::autograd {

struct ModuleScope {
  std::string path;       // "encoder.layers.0" ("" for the root module)
  std::string type_name;  // "TransformerEncoderLayer"
  std::shared_ptr<const ModuleScope> parent;
  int depth() const { return parent ? parent->depth() + 1 : 0; }
};

// The calling thread's innermost module scope (null outside any module).
std::shared_ptr<const ModuleScope>& current_module_scope();

}  // namespace backstep::autograd
