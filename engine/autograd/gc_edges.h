// What a tensor's autograd state holds, for the cycle collector (Note
// [cycle collection] in engine/runtime/gc.h): the language layer reports
// the script functions its hooks hold through these.
#pragma once

#include <c10/core/TensorImpl.h>
#include <torch/csrc/autograd/function.h>

#include <memory>
#include <vector>

namespace backstep::autograd {

struct TensorAutogradRefs {
  torch::autograd::Node* grad_fn = nullptr;  // the tensor's own reference to it
  long grad_fn_count = 0;                     // the node's strong count
  // The hooks the tensor itself holds (a leaf's script hooks live here).
  const std::vector<std::unique_ptr<torch::autograd::FunctionPreHook>>* hooks = nullptr;
  // 1 when the leaf's grad accumulator (AccumulateGrad) holds the tensor.
  // PyTorch's Python tensor does not count that reference (the graph holds
  // the TensorImpl, not the Python object that holds the hooks), so neither
  // does the collector: a model's parameter hooks that refer back to the
  // model do not outlive the model because its last graph still exists.
  long graph_refs = 0;
};

// False when the tensor has no autograd state.
bool tensor_autograd_refs(const c10::TensorImpl& impl, TensorAutogradRefs& out);

// A node's strong count (an intrusive_ptr's).
long node_use_count(const torch::autograd::Node& node);

}  // namespace backstep::autograd
