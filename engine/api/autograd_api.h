// torch.autograd in the language: backward(), torch.autograd.grad(),
// gradient-mode context managers, and the Tensor attributes that talk to
// autograd (.grad =, .requires_grad =, register_hook). The Python-level
// checks and messages are those of torch/autograd/__init__.py and
// torch/csrc/autograd/python_engine.cpp.
#pragma once

#include "engine/autograd/graph_model.h"
#include "engine/runtime/object.h"

#include <torch/csrc/autograd/edge.h>
#include <torch/csrc/autograd/variable.h>

#include <optional>
#include <unordered_set>

namespace backstep::api {

using rt::Args;
using rt::Interpreter;
using rt::Value;

// Tensor.backward(gradient=None, retain_graph=None, create_graph=False, inputs=None)
Value tensor_backward(Interpreter& in, const Value& self, Args& args);
// torch.autograd.backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None, inputs=None)
Value autograd_backward(Interpreter& in, Args& args);
// torch.autograd.grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True, allow_unused=False)
Value autograd_grad(Interpreter& in, Args& args);

// One run of the engine, after the Python-level checks: what
// Variable._execution_engine.run_backward does. Every backward of the
// session goes through here (the debugger hooks in at this point).
struct BackwardRequest {
  std::vector<at::Tensor> roots;
  std::vector<at::Tensor> grads;  // undefined entries for roots that need none
  bool keep_graph = false;
  bool create_graph = false;
  std::vector<at::Tensor> inputs;  // empty: accumulate into all leaves
  torch::autograd::edge_list input_edges;  // inputs given as GradientEdges (after `inputs`)
  bool allow_unused = false;
  bool accumulate_grad = true;     // false for autograd.grad
};
std::vector<at::Tensor> run_backward(Interpreter& in, const BackwardRequest& request);

// Who runs a backward: by default the engine on the calling thread; the
// debugger installs one that runs it on a worker and pauses at nodes.
class BackwardRunner {
 public:
  virtual ~BackwardRunner() = default;
  virtual std::vector<at::Tensor> run(Interpreter& in, const torch::autograd::edge_list& roots,
                                      const std::vector<at::Tensor>& grads, bool keep_graph, bool create_graph,
                                      bool accumulate_grad, const torch::autograd::edge_list& outputs) = 0;
};
void set_backward_runner(Interpreter& in, BackwardRunner* runner);

// The session's node ids (#0, #1, ...): every command, log and picture uses these.
autograd::NodeIds& node_ids(Interpreter& in);

// The backward running now (innermost when one starts from a hook).
struct BackwardTask {
  uint64_t id = 0;
  torch::autograd::edge_list roots, outputs;
  bool accumulate_grad = true;
  // Whether the engine runs this node in this backward: every node reachable
  // from the roots, or with explicit inputs only those on a path to them.
  bool will_execute(const torch::autograd::Node* node) const;

 private:
  mutable std::optional<std::unordered_set<const torch::autograd::Node*>> executed_;
};
const BackwardTask* current_backward_task(Interpreter& in);

void set_grad(Interpreter& in, at::Tensor& t, const Value& grad);
void set_requires_grad(at::Tensor& t, bool requires_grad);
Value tensor_register_hook(Interpreter& in, const Value& self, Args& args);

// Installs torch.no_grad, enable_grad, set_grad_enabled, inference_mode,
// is_grad_enabled, torch.autograd.* into the given module objects.
void install_autograd_functions(Interpreter& in, rt::Object& torch_module, rt::Object& autograd_module);

}  // namespace backstep::api
