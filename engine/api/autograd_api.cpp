#include "engine/api/autograd_api.h"

#include "engine/api/batched_grads.h"
#include "engine/api/interruptible_backward.h"

#include "engine/api/script_hooks.h"
#include "engine/api/mutations.h"
#include "engine/api/node_object.h"
#include "engine/api/training_steps.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/torch_objects.h"

#include <torch/csrc/autograd/engine.h>
#include <torch/csrc/autograd/functions/basic_ops.h>

#include <fmt/format.h>

namespace backstep::api {

namespace ag = torch::autograd;

namespace {

struct RunnerState {
  BackwardRunner* runner = nullptr;
  std::vector<const BackwardTask*> tasks;  // the running backward passes, innermost last
  uint64_t next_task_id = 1;
};

// Marks a backward as running for its duration (also when it fails).
class TaskScope {
 public:
  TaskScope(RunnerState& s, const BackwardTask& t) : s_(s) { s_.tasks.push_back(&t); }
  ~TaskScope() { s_.tasks.pop_back(); }

 private:
  RunnerState& s_;
};

// `tensors` argument forms: one tensor, or a sequence of them.
// A GradientEdge (torch.autograd.graph.get_gradient_edge) as a libtorch edge.
std::optional<ag::Edge> as_gradient_edge(const Value& v) {
  auto* t = v.as<rt::TupleObject>();
  if (!t || t->flavour != rt::TupleObject::Flavour::Named || t->field_names.size() != 2 || t->field_names[0] != "node")
    return std::nullopt;
  auto* node = t->items[0].as<NodeObject>();
  if (!node) return std::nullopt;
  return ag::Edge(node->shared_node(), static_cast<uint32_t>(t->items[1].to_int()));
}

// `inputs`: tensors and GradientEdges, in any mix.
void split_inputs(Interpreter& in, const Value& v, BackwardRequest& r) {
  std::vector<Value> items = v.is_tensor() || as_gradient_edge(v) ? std::vector<Value>{v} : rt::to_vector(in, v);
  for (const auto& item : items) {
    if (auto edge = as_gradient_edge(item)) {
      r.input_edges.push_back(*edge);
    } else if (item.is_tensor()) {
      r.inputs.push_back(item.as_tensor());
    } else {
      rt::raise_type_error(fmt::format("inputs must be Tensors or GradientEdges, but got {}", rt::type_name(item)));
    }
  }
}

std::vector<at::Tensor> tensor_sequence(Interpreter& in, const Value& v, const char* what) {
  if (v.is_tensor()) return {v.as_tensor()};
  std::vector<at::Tensor> out;
  for (const auto& item : rt::to_vector(in, v)) {
    if (!item.is_tensor())
      rt::raise_type_error(fmt::format("{} must be a Tensor or a sequence of Tensors, but got {}", what, rt::type_name(item)));
    out.push_back(item.as_tensor());
  }
  return out;
}

// grad_tensors / grad_outputs: None, a tensor, or a sequence with None entries.
std::vector<Value> optional_grads(Interpreter& in, const Value* v, size_t n) {
  if (!v || v->is_none()) return std::vector<Value>(n);
  if (v->is_tensor()) return {*v};
  return rt::to_vector(in, *v);
}

std::string size_text(Interpreter& in, const at::Tensor& t) { return rt::repr(in, rt::make_size(t.sizes())); }

// _make_grads from torch/autograd/__init__.py.
std::vector<at::Tensor> make_grads(Interpreter& in, const std::vector<at::Tensor>& outputs, const std::vector<Value>& grads) {
  std::vector<at::Tensor> out;
  for (size_t i = 0; i < outputs.size() && i < grads.size(); ++i) {
    const at::Tensor& o = outputs[i];
    const Value& g = grads[i];
    if (g.is_tensor()) {
      const at::Tensor& gt = g.as_tensor();
      if (!o.sizes().equals(gt.sizes()))
        rt::raise_runtime_error(fmt::format("Mismatch in shape: grad_output[{}] has a shape of {} and output[{}] has a shape of {}.",
                                            i, size_text(in, gt), i, size_text(in, o)));
      if (o.is_complex() != gt.is_complex())
        rt::raise_runtime_error(fmt::format(
            "For complex Tensors, both grad_output and output are required to have the same dtype. Mismatch in dtype: "
            "grad_output[{}] has a dtype of {} and output[{}] has a dtype of {}.",
            i, rt::repr(in, torchb::dtype_object(gt.scalar_type())), i, rt::repr(in, torchb::dtype_object(o.scalar_type()))));
      out.push_back(gt);
    } else if (g.is_none()) {
      if (o.requires_grad()) {
        if (o.numel() != 1) rt::raise_runtime_error("grad can be implicitly created only for scalar outputs");
        out.push_back(at::ones_like(o, at::MemoryFormat::Preserve));
      } else {
        out.emplace_back();
      }
    } else {
      rt::raise_type_error("gradients can be either Tensors or None, but got " + rt::type_name(g));
    }
  }
  // PyTorch zips outputs with gradients (extra gradients are ignored) and its
  // engine binding refuses fewer: checked here, before libtorch's engine
  // would meet an undefined gradient it cannot handle (issue 16: an abort).
  if (out.size() != outputs.size())
    rt::raise_runtime_error(fmt::format("got {} tensors and {} gradients", outputs.size(), out.size()));
  return out;
}

}  // namespace

void set_backward_runner(Interpreter& in, BackwardRunner* runner) { in.state<RunnerState>().runner = runner; }

autograd::NodeIds& node_ids(Interpreter& in) { return in.state<autograd::NodeIds>(); }

namespace {
// PyTorch's in-place error, with backstep's explanation as notes.
[[noreturn]] void rethrow_with_diagnosis(Interpreter& in, const std::exception& e, const ag::edge_list& roots) {
  rt::ScriptError se = rt::translate_torch_error(e);
  if (se.message().find("modified by an inplace operation") != std::string::npos) {
    std::vector<c10::intrusive_ptr<ag::Node>> nodes;
    for (const auto& r : roots) nodes.push_back(r.function);
    for (auto& note : explain_inplace_error(node_ids(in), nodes)) se.exception()->notes.push_back(std::move(note));
  }
  throw se;
}
}  // namespace

const BackwardTask* current_backward_task(Interpreter& in) {
  auto& tasks = in.state<RunnerState>().tasks;
  return tasks.empty() ? nullptr : tasks.back();
}

bool BackwardTask::will_execute(const ag::Node* node) const {
  if (!executed_) {
    // With explicit outputs a node runs when it leads to one of them
    // (PyTorch's exec_info), the output nodes themselves only when
    // gradients are accumulated into them; without, every reachable node
    // runs. Iterative post-order: graphs a million nodes deep are common.
    std::unordered_set<const ag::Node*> targets;
    for (const auto& e : outputs) targets.insert(e.function.get());
    std::unordered_map<const ag::Node*, bool> leads;
    std::vector<std::pair<const ag::Node*, size_t>> stack;
    auto push = [&](const ag::Node* n) {
      if (leads.emplace(n, targets.empty() || targets.count(n)).second) stack.emplace_back(n, 0);
    };
    for (const auto& r : roots)
      if (r.function) push(r.function.get());
    while (!stack.empty()) {
      auto& [n, next] = stack.back();
      const auto& edges = n->next_edges();
      if (next < edges.size()) {
        const ag::Node* child = edges[next++].function.get();
        if (child) push(child);
        continue;
      }
      const ag::Node* done = n;
      stack.pop_back();
      if (leads[done]) continue;
      for (const auto& e : done->next_edges())
        if (e.function && leads[e.function.get()]) {
          leads[done] = true;
          break;
        }
    }
    executed_.emplace();
    for (const auto& [n, needed] : leads)
      if (needed && (targets.empty() || !targets.count(n) || accumulate_grad)) executed_->insert(n);
  }
  return executed_->count(node) != 0;
}

std::vector<at::Tensor> run_backward(Interpreter& in, const BackwardRequest& r) {
  // The root checks of python_engine.cpp's run_backward.
  ag::edge_list roots;
  std::vector<at::Tensor> grads;
  for (size_t i = 0; i < r.roots.size(); ++i) {
    ag::Edge edge = ag::impl::gradient_edge(r.roots[i]);
    if (!edge.function)
      rt::raise_runtime_error(fmt::format("element {} of tensors does not require grad and does not have a grad_fn", i));
    roots.push_back(std::move(edge));
    grads.push_back(i < r.grads.size() ? r.grads[i] : at::Tensor());
  }
  ag::edge_list outputs;
  for (const auto& t : r.inputs) {
    c10::intrusive_ptr<ag::Node> fn = t.grad_fn();
    if (!fn) fn = ag::impl::try_get_grad_accumulator(t);
    if (r.accumulate_grad) const_cast<at::Tensor&>(t).retain_grad();
    if (!t.requires_grad()) rt::raise_runtime_error("One of the differentiated Tensors does not require grad");
    if (!fn) outputs.emplace_back(c10::make_intrusive<ag::Identity>(), 0);
    else outputs.emplace_back(fn, t.output_nr());
  }
  for (const auto& e : r.input_edges) outputs.push_back(e);
  training_steps(in).backward_started(r.roots);  // the loss, for traces and pauses
  RunnerState& state = in.state<RunnerState>();
  BackwardTask task;
  task.id = state.next_task_id++;
  task.roots = roots;
  task.outputs = outputs;
  task.accumulate_grad = r.accumulate_grad;
  TaskScope running(state, task);
  std::vector<at::Tensor> result;
  BackwardRunner* runner = state.runner;
  try {
    if (runner) {
      result = runner->run(in, roots, grads, r.keep_graph, r.create_graph, r.accumulate_grad, outputs);
    } else {
      result = execute_interruptibly(in, roots, grads, r.keep_graph, r.create_graph, r.accumulate_grad, outputs);
    }
  } catch (const std::exception& e) {
    rethrow_with_diagnosis(in, e, roots);
  }
  // PyTorch 2.x names the first unused input by its position in `inputs`.
  if (!r.accumulate_grad && !r.allow_unused)
    for (size_t i = 0; i < result.size(); ++i)
      if (!result[i].defined())  // 2.x names the first unused input
        rt::raise_runtime_error(fmt::format(
            "The differentiated Tensor at index {} appears to not have been used in the graph. Set allow_unused=True "
            "if this is the desired behavior.",
            i));
  return result;
}

Value autograd_backward(Interpreter& in, Args& args) {
  auto a = rt::bind_args(args, "backward",
                         {"tensors", "grad_tensors", "retain_graph", "create_graph", "grad_variables", "inputs"}, 1);
  BackwardRequest r;
  r.roots = tensor_sequence(in, *a[0], "tensors");
  const Value* grad_tensors = a[1] ? a[1] : a[4];
  r.create_graph = rt::bool_arg(in, a[3], false);
  r.keep_graph = rt::bool_arg(in, a[2], r.create_graph);
  if (a[5] && !a[5]->is_none()) {
    split_inputs(in, *a[5], r);
    if (r.inputs.empty() && r.input_edges.empty())
      rt::raise_runtime_error("'inputs' argument to backward() cannot be empty.");
  }
  r.grads = make_grads(in, r.roots, optional_grads(in, grad_tensors, r.roots.size()));
  run_backward(in, r);
  return Value();
}

Value tensor_backward(Interpreter& in, const Value& self, Args& args) {
  auto a = rt::bind_args(args, "backward", {"gradient", "retain_graph", "create_graph", "inputs"});
  Args forward;
  forward.pos.push_back(self);
  forward.kw.push_back(rt::Kwarg{"grad_tensors", a[0] ? *a[0] : Value()});
  forward.kw.push_back(rt::Kwarg{"retain_graph", a[1] ? *a[1] : Value()});
  forward.kw.push_back(rt::Kwarg{"create_graph", a[2] ? *a[2] : Value(false)});
  forward.kw.push_back(rt::Kwarg{"inputs", a[3] ? *a[3] : Value()});
  return autograd_backward(in, forward);
}

Value autograd_grad(Interpreter& in, Args& args) {
  auto a = rt::bind_args(args, "grad",
                         {"outputs", "inputs", "grad_outputs", "retain_graph", "create_graph", "only_inputs",
                          "allow_unused", "is_grads_batched"},
                         2);
  BackwardRequest r;
  r.roots = tensor_sequence(in, *a[0], "outputs");
  split_inputs(in, *a[1], r);
  r.create_graph = rt::bool_arg(in, a[4], false);
  r.keep_graph = rt::bool_arg(in, a[3], r.create_graph);
  r.allow_unused = rt::bool_arg(in, a[6], false);
  r.accumulate_grad = false;
  std::vector<Value> grads = optional_grads(in, a[2], r.roots.size());
  std::optional<BatchedGrads> batched;  // Note [Batched gradients]
  if (rt::bool_arg(in, a[7], false)) grads = batched.emplace().wrap(in, r.roots, grads);
  r.grads = make_grads(in, r.roots, grads);
  auto result = run_backward(in, r);
  std::vector<Value> out;
  for (auto& g : result) {
    if (batched) g = batched->unwrap(g);
    out.push_back(g.defined() ? Value(std::move(g)) : Value());
  }
  return rt::make_tuple(std::move(out));
}

void set_grad(Interpreter& in, at::Tensor& t, const Value& grad) {
  if (grad.is_none()) {
    t.mutable_grad().reset();
    return;
  }
  if (!grad.is_tensor())
    rt::raise_type_error(fmt::format("assigned grad expected to be a Tensor or None but got grad of type {}", rt::type_name(grad)));
  const at::Tensor& g = grad.as_tensor();
  if (g.scalar_type() != t.scalar_type() || g.layout() != t.layout())
    rt::raise_runtime_error("assigned grad has data of a different type");
  if (g.device() != t.device()) rt::raise_runtime_error("assigned grad has data located on a different device");
  if (!g.sizes().equals(t.sizes())) rt::raise_runtime_error("assigned grad has data of a different size");
  (void)in;
  t.mutable_grad() = g;
}

void set_requires_grad(at::Tensor& t, bool requires_grad) {
  if (!t.is_leaf())
    rt::raise_runtime_error(
        "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a "
        "subgraph that doesn't require differentiation use var_no_grad = var.detach().");
  if (requires_grad && !(t.is_floating_point() || t.is_complex()))
    rt::raise_runtime_error("only Tensors of floating point and complex dtype can require gradients");
  t.set_requires_grad(requires_grad);
}

Value tensor_register_hook(Interpreter& in, const Value& self, Args& args) {
  rt::expect_args(args, "register_hook", 1, 1);
  return register_tensor_hook(in, self.as_tensor(), args.pos[0]);
}

}  // namespace backstep::api
