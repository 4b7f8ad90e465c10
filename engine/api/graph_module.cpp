// torch.autograd.graph: Node, saved-tensor hooks, register_multi_grad_hook,
// get_gradient_edge, increment_version, allow_mutation_on_saved_tensors --
// with the semantics of the graph.py this project's DESIGN pins, also where
// PyTorch 1.13's own Python lacks them.
#include "engine/api/anomaly.h"
#include "engine/api/autograd_api.h"
#include "engine/api/node_object.h"
#include "engine/api/saved_hooks.h"
#include "engine/api/script_hooks.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>
#include <torch/csrc/autograd/variable.h>

namespace backstep::api {

using rt::Interpreter;
using rt::Value;
namespace ag = torch::autograd;

namespace {

const rt::TypeObject& gradient_edge_type() {
  static rt::TypeObject* t = rt::new_type("GradientEdge", "torch.autograd.graph", rt::types().tuple);
  return *t;
}

// The node that receives a tensor's gradient: its grad_fn, or for a leaf
// its gradient accumulator.
c10::intrusive_ptr<ag::Node> gradient_node(const at::Tensor& t) {
  if (auto fn = t.grad_fn()) return fn;
  return ag::impl::grad_accumulator(t);
}

Value get_gradient_edge(Interpreter&, rt::Args& a) {
  auto b = rt::bind_args(a, "get_gradient_edge", {"tensor"}, 1);
  if (!b[0]->is_tensor()) rt::raise_type_error("get_gradient_edge() expects a Tensor");
  const at::Tensor& t = b[0]->as_tensor();
  if (!t.requires_grad())
    rt::raise_runtime_error("It is not possible to get the gradient edge for a Tensor that does not require gradients");
  auto edge = std::make_shared<rt::TupleObject>(
      std::vector<Value>{node_object(gradient_node(t)), Value(static_cast<int64_t>(t.grad_fn() ? t.output_nr() : 0))},
      rt::TupleObject::Flavour::Named);
  edge->named_type = &gradient_edge_type();
  edge->field_names = {"node", "output_nr"};
  return Value(edge);
}

Value increment_version(Interpreter&, rt::Args& a) {
  auto b = rt::bind_args(a, "increment_version", {"tensor"}, 1);
  if (!b[0]->is_tensor()) rt::raise_type_error("increment_version() expects a Tensor");
  ag::impl::bump_version(b[0]->as_tensor());
  return Value();
}

// register_multi_grad_hook (PyTorch 2.x): one tensor hook per tensor; per
// backward, the gradients are gathered and fn runs once -- after all of the
// tensors whose nodes this backward executes have their gradient ("all"), or
// on the first of them ("any", where tensors without grad are skipped; "all"
// refuses them).
struct MultiGradState {
  std::vector<c10::intrusive_ptr<ag::Node>> nodes;
  Value fn;
  bool any = false;
  std::map<uint64_t, std::pair<size_t, std::vector<Value>>> pending;  // task id -> (count, grads)
};

// How many of the hooked tensors' nodes this backward executes. As
// torch._C._will_engine_execute_node, a leaf whose gradient an
// autograd.grad() call captures cannot be asked about.
size_t expected_calls(const MultiGradState& state, const BackwardTask& task) {
  size_t expected = 0;
  for (const auto& n : state.nodes) {
    if (!n) continue;
    // A gradient autograd.grad() captures counts as executed, as in the
    // engine's exec_info (captured or needed).
    bool captured = false;
    for (const auto& e : task.outputs) captured = captured || e.function.get() == n.get();
    if (!captured && !task.will_execute(n.get())) continue;
    if (!task.accumulate_grad && captured && n->topological_nr() == 0)
      rt::raise_runtime_error(
          "A leaf node was passed to _will_engine_execute_node but we are currently running autograd.grad(). "
          "This is currently not supported.");
    ++expected;
  }
  return expected;
}

// The hook one tensor of a multi-grad hook gets.
Value multi_grad_inner_hook(std::shared_ptr<MultiGradState> state, size_t i) {
  return rt::make_builtin("inner_hook", [state, i](Interpreter& interp, rt::Args& args) -> Value {
    const BackwardTask* task = current_backward_task(interp);
    if (!task) rt::raise(*rt::exc_types().assertion_error, "expected this hook to be called inside a backward call");
    auto& [count, grads] = state->pending[task->id];
    if (state->any) {
      if (count++ == 0) interp.call(state->fn, {args.pos.at(0)});
      return Value();
    }
    if (grads.empty()) grads.assign(state->nodes.size(), Value());
    grads[i] = args.pos.at(0);
    size_t expected = expected_calls(*state, *task);
    if (++count >= expected) {
      Value list = rt::make_list(grads);
      state->pending.erase(task->id);
      interp.call(state->fn, {list});
    }
    return Value();
  });
}

Value register_multi_grad_hook(Interpreter& in, rt::Args& a) {
  auto b = rt::bind_args(a, "register_multi_grad_hook", {"tensors", "fn", "mode"}, 2, 2);
  std::string mode = b[2] ? rt::str(in, *b[2]) : "all";
  if (mode != "all" && mode != "any") rt::raise_value_error(fmt::format("Expects mode to be one of ('all', 'any') but got {}", mode));
  auto tensors = rt::to_vector(in, *b[0]);
  auto state = std::make_shared<MultiGradState>();
  state->fn = *b[1];
  state->any = mode == "any";
  for (const auto& v : tensors) {
    if (!v.is_tensor()) rt::raise_type_error("register_multi_grad_hook expects a sequence of Tensors");
    bool needs_grad = v.as_tensor().requires_grad();
    // "all" asks every tensor for its node up front (graph.py's _get_grad_fn_or_grad_acc).
    if (!needs_grad && !state->any) rt::raise(*rt::exc_types().assertion_error, "Expected gradient function to be set");
    state->nodes.push_back(needs_grad ? gradient_node(v.as_tensor()) : nullptr);
  }
  std::vector<Value> handles;
  for (size_t i = 0; i < tensors.size(); ++i) {
    if (!tensors[i].as_tensor().requires_grad()) continue;
    handles.push_back(register_tensor_hook(in, tensors[i].as_tensor(), multi_grad_inner_hook(state, i)));
  }
  // One handle removing every inner hook.
  Interpreter* interp = &in;
  return callback_handle([interp, handles] {
    for (const auto& h : handles) {
      rt::Args none;
      rt::call_method(*interp, h, "remove", none);
    }
  });
}

}  // namespace

Value make_graph_module(Interpreter& in) {
  auto m = rt::make_module("torch.autograd.graph");
  m->set("Node", rt::type_value(*rt::types().node));
  m->set("GradientEdge", rt::type_value(gradient_edge_type()));
  install_saved_hooks_functions(*m);
  m->def("get_gradient_edge", get_gradient_edge);
  m->def("increment_version", increment_version);
  m->def("register_multi_grad_hook", register_multi_grad_hook);
  install_mutation_on_saved(*m);
  (void)in;
  return Value(m);
}

}  // namespace backstep::api
