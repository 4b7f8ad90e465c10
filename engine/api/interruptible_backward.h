// Running libtorch's engine for a backward the script started so that
// Ctrl-C and --timeout stop it between two nodes, as they stop script code
// between statements (Note [Interrupting a running backward] in
// engine/autograd/backward_interrupt.h).
#pragma once

#include "engine/runtime/interpreter.h"

#include <torch/csrc/autograd/edge.h>
#include <torch/csrc/autograd/variable.h>

#include <vector>

namespace backstep::api {

// Engine::execute with the same arguments. An interrupt requested while it
// runs ends it after the node running then: KeyboardInterrupt (with the
// request's reason, e.g. --timeout's) at the script's current line, the
// call that started the backward.
std::vector<at::Tensor> execute_interruptibly(rt::Interpreter& in, const torch::autograd::edge_list& roots,
                                              const std::vector<at::Tensor>& grads, bool keep_graph,
                                              bool create_graph, bool accumulate_grad,
                                              const torch::autograd::edge_list& outputs);

}  // namespace backstep::api
