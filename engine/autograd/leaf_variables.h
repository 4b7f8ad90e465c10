// The leaf tensors a backward from these roots accumulates into: every
// variable behind an AccumulateGrad node reachable from the roots' grad_fns
// (each once, in BFS order). Step statistics use it to keep the weights as
// they stood before a training loop's first optimizer step.
#pragma once

#include <ATen/core/Tensor.h>

#include <vector>

namespace backstep::autograd {

std::vector<at::Tensor> leaf_variables(const std::vector<at::Tensor>& roots);

}  // namespace backstep::autograd
