// What `:graph`, `:render` and `:nodes` show with no expression at a pause
// in the forward: the graph built so far.
#pragma once

#include <ATen/core/Tensor.h>

#include <vector>

namespace backstep::repl {

class Shell;

// Note [The graph so far]: the tensors that require grad held by the
// paused program's variables (the locals of every frame on the stack,
// innermost first, then the globals of their modules; inside lists, tuples
// and dicts one level deep), keeping only those whose node no other of them
// reaches: the outputs nothing has consumed yet, so each node shows once.
// Throws CommandError when no variable holds one.
std::vector<at::Tensor> forward_graph_roots(Shell& shell);

}  // namespace backstep::repl
