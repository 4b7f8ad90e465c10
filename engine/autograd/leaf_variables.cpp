#include "engine/autograd/leaf_variables.h"

#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/functions/accumulate_grad.h>

#include <unordered_set>

namespace backstep::autograd {

namespace ag = torch::autograd;

// Relies on libtorch's AccumulateGrad keeping its leaf in the public member
// `variable` (torch/csrc/autograd/functions/accumulate_grad.h), as the
// graph model reads it too.
std::vector<at::Tensor> leaf_variables(const std::vector<at::Tensor>& roots) {
  std::vector<at::Tensor> leaves;
  std::unordered_set<ag::Node*> seen;
  std::vector<ag::Node*> queue;
  for (const auto& r : roots)
    if (r.defined() && r.grad_fn() && seen.insert(r.grad_fn().get()).second) queue.push_back(r.grad_fn().get());
  for (size_t i = 0; i < queue.size(); ++i) {
    ag::Node* n = queue[i];
    if (auto* acc = dynamic_cast<ag::AccumulateGrad*>(n)) {
      if (acc->variable.defined()) leaves.push_back(acc->variable);
      continue;
    }
    for (const auto& e : n->next_edges())
      if (e.function && seen.insert(e.function.get()).second) queue.push_back(e.function.get());
  }
  return leaves;
}

}  // namespace backstep::autograd
