// `_backstep_function`: the native half of torch.autograd.Function.
//
//   apply(cls, *args)              Function.apply (a classmethod of Function)
//   saved_tensors(ctx)             ctx.saved_tensors
//   node(ctx)                      the graph Node object of a ctx (name(), next_functions, hooks)
//   delayed_error(msg, outputs)    what once_differentiable wraps results in
//   graph_task_id()                the running backward's id, -1 outside one
//                                  (torch._C._current_graph_task_id, for checkpoint)
//   cpu_rng_state() / set_cpu_rng_state(state)
//                                  the default CPU generator's state as a uint8
//                                  tensor (checkpoint's preserve_rng_state)
//
// apply follows THPFunction_apply (torch/csrc/autograd/python_function.cpp):
// the node is made first (so it takes its sequence number and its origin --
// the script line calling apply -- before the forward runs), the forward
// runs with grad mode off, its tensor outputs are attached to the node by
// libtorch's _wrap_outputs, then ctx.save_for_backward's tensors are saved.
//
// Note [A custom Function's backward runs on the interpreter thread]
// The engine calls ScriptFunctionNode::apply on whichever thread runs the
// backward: the interpreter's own for a plain `loss.backward()` (libtorch's
// CPU engine runs on the caller), a worker when the debugger steps a
// backward (engine/debug runs it there so the interpreter thread can show a
// prompt meanwhile). The script's `backward` is posted to the interpreter
// thread with Interpreter::run_on_interpreter_thread -- the mechanism
// script hooks use (script_hooks.cpp, runtime/mailbox.cpp): on the
// interpreter thread it runs at once; from a worker the work is queued, the
// interpreter thread (waiting in pump_until for the backward to finish, or
// at a nested debugger prompt that pumps too) runs it, and the worker
// waits for the result. The engine thread's grad mode is carried over
// (create_graph turns it on), so a differentiable backward records a graph.
// Exceptions come back to the engine thread with the script's traceback.
#include "engine/api/function_api.h"

#include "engine/runtime/gc.h"

#include "engine/api/autograd_api.h"
#include "engine/api/node_object.h"
#include "engine/api/script_hooks.h"
#include "engine/autograd/script_function_node.h"
#include "engine/lang/source.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/script_function.h"

#include <ATen/CPUGeneratorImpl.h>
#include <c10/core/GradMode.h>
#include <fmt/format.h>

namespace backstep::api {

namespace ag = torch::autograd;
using autograd::ScriptFunctionNode;
using rt::Value;

namespace {

class NodeHandle;

// What a ScriptFunctionNode's payload holds: its ctx (and the ctx's handle).
struct FunctionPayload {
  Value ctx;
  std::shared_ptr<NodeHandle> handle;  // also ctx._cdata
};

// ctx._cdata: the ctx's node, weakly (the node owns the ctx).
class NodeHandle : public rt::Object {
 public:
  // Tracked: once pinned, it holds the node (and through it the ctx).
  explicit NodeHandle(const c10::intrusive_ptr<ag::Node>& node) : Object(rt::ObjKind::Other), node_(node) {
    rt::gc_track(*this);
  }
  static bool is_instance(const rt::Object& o) { return dynamic_cast<const NodeHandle*>(&o) != nullptr; }
  const rt::TypeObject& native_type() const override { return *rt::types().generic; }
  std::string repr(Interpreter&) const override { return fmt::format("<node handle at {:#x}>", address()); }
  c10::intrusive_ptr<ag::Node> lock() const { return node_.lock(); }
  // Note [A ctx the script holds keeps its node]
  // The node owns its ctx; the ctx names its node weakly, or the two would
  // keep each other alive by reference counts alone. But a script that
  // holds a node as `y.grad_fn` (often of a temporary:
  // `Fn.apply(x).grad_fn.name()`) must find the node alive, as in PyTorch.
  // So once the script has been handed the ctx as a node, it holds the node
  // strongly, until the backward releases the node's saved state (its graph
  // is then spent). That pin closes a cycle -- ctx -> handle -> node ->
  // payload -> ctx -- whenever the graph is never released: inspected and
  // dropped, or kept by retain_graph / create_graph (nn.Module's full
  // backward hooks read grad_fn on every call). The cycle collector sees it
  // here: the pinned node is a holder with its exact strong count, and
  // clearing the handle unpins it (the interpreter fuzz target's leftover:
  // a BackwardHook and its module per autograd.grad(create_graph=True)).
  void pin(const c10::intrusive_ptr<ag::Node>& node) { pinned_ = node; }
  void unpin() { pinned_.reset(); }
  void gc_traverse(rt::GcVisitor& v) const override {
    rt::Object::gc_traverse(v);
    if (pinned_) gc_visit_node(v, *pinned_, static_cast<long>(pinned_.use_count()));
  }
  void gc_clear() override {
    rt::Object::gc_clear();
    auto gone = std::move(pinned_);  // the node's release may run script code
  }

 private:
  c10::weak_intrusive_ptr<ag::Node> node_;
  c10::intrusive_ptr<ag::Node> pinned_;
};

c10::intrusive_ptr<ag::Node> node_of_ctx(Interpreter& in, const Value& ctx) {
  auto h = rt::try_get_attr(in, ctx, "_cdata");
  auto* handle = h ? h->as<NodeHandle>() : nullptr;
  auto node = handle ? handle->lock() : c10::intrusive_ptr<ag::Node>();
  if (!node) rt::raise_runtime_error(ag::ERR_BACKWARD_TWICE);
  return node;
}

using rt::tensor_or_none;

std::vector<Value> items_of(Interpreter& in, const Value& v) {
  if (v.is_none()) return {};
  return rt::to_vector(in, v);
}

// mark_dirty / mark_non_differentiable arguments as a set of tensors.
std::unordered_set<at::TensorImpl*> impl_set(Interpreter& in, const Value& ctx, const char* attr, const char* what) {
  std::unordered_set<at::TensorImpl*> out;
  auto items = items_of(in, rt::get_attr(in, ctx, attr));
  for (size_t i = 0; i < items.size(); ++i) {
    if (!items[i].is_tensor())
      rt::raise_type_error(fmt::format("{} can only accept variables, but argument {} is of type {}", what, i,
                                       rt::type_name(items[i])));
    out.insert(items[i].as_tensor().unsafeGetTensorImpl());
  }
  return out;
}

// PyNode::apply's checks on what the script's backward returned.
ag::variable_list gradients_from(const ScriptFunctionNode& node, const Value& result) {
  std::vector<Value> items = result.as<rt::TupleObject>() ? result.as<rt::TupleObject>()->items : std::vector<Value>{result};
  const size_t expected = node.is_variable_input.size();
  if (items.size() > expected) {
    bool all_none = std::all_of(items.begin() + expected, items.end(), [](const Value& v) { return v.is_none(); });
    if (all_none) items.resize(expected);
  }
  if (items.size() != expected)
    rt::raise_runtime_error(fmt::format("function {} returned an incorrect number of gradients (expected {}, got {})",
                                        node.name(), expected, items.size()));
  ag::variable_list out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!node.is_variable_input[i]) {
      if (!items[i].is_none())
        rt::raise_runtime_error(fmt::format("function {} returned a gradient different than None at position {}, but "
                                            "the corresponding forward input was not a Variable",
                                            node.name(), i + 1));
      continue;
    }
    if (items[i].is_none()) {
      out.emplace_back();
    } else if (items[i].is_tensor()) {
      out.push_back(items[i].as_tensor());
    } else {
      rt::raise_runtime_error(fmt::format("expected Variable or None (got {})", rt::type_name(items[i])));
    }
  }
  return out;
}

// Note [A custom Function's backward runs on the interpreter thread]
ScriptFunctionNode::Backward script_backward(Interpreter& in) {
  Interpreter* interp = &in;
  return [interp](ScriptFunctionNode& node, ag::variable_list&& grads) {
    ag::variable_list result;
    bool grad_mode = c10::GradMode::is_enabled();
    interp->run_on_interpreter_thread([&] {
      c10::AutoGradMode mode(grad_mode);
      Value ctx = static_cast<FunctionPayload*>(node.payload.get())->ctx;
      rt::Args args;
      for (const auto& g : grads) args.pos.push_back(tensor_or_none(g));
      Value r = rt::call_method(*interp, ctx, "apply", args);
      result = gradients_from(node, r);
    });
    return result;
  };
}

std::string function_name(Interpreter& in, const Value& cls) {
  auto n = rt::try_get_attr(in, cls, "__name__");
  return n && n->as<rt::StrObject>() ? n->as<rt::StrObject>()->value : "Function";
}

// Saves ctx.to_save on the node (after the outputs are wrapped, so a saved
// output is recognised as one).
void save_for_backward(Interpreter& in, ScriptFunctionNode& node, const Value& ctx) {
  std::vector<at::Tensor> tensors;
  auto items = items_of(in, rt::get_attr(in, ctx, "to_save"));
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].is_none()) {
      tensors.emplace_back();
    } else if (items[i].is_tensor()) {
      tensors.push_back(items[i].as_tensor());
    } else {
      rt::raise_type_error(fmt::format("save_for_backward can only save variables, but argument {} is of type {}", i,
                                       rt::type_name(items[i])));
    }
  }
  node.save(tensors);
}

// Whether the class's backward (or vjp) is the program's own code rather
// than the library's (checkpoint's, a module's full backward hooks'),
// looking through functools.wraps wrappers (once_differentiable): the
// debugger's :step enters only those (Note [Stepping through a custom
// Function's backward], engine/debug/forward.cpp).
bool backward_is_program_code(Interpreter& in, const Value& cls) {
  for (const char* name : {"backward", "vjp"}) {
    std::optional<Value> fn = rt::try_get_attr(in, cls, name);
    for (int unwrap = 0; fn && unwrap < 8; ++unwrap) {
      if (auto* f = fn->as<rt::ScriptFunction>()) {
        const lang::SourceFile* src = lang::source_of(f->code->span);
        if (src && !src->is_library()) return true;
      }
      fn = rt::try_get_attr(in, *fn, "__wrapped__");
    }
  }
  return false;
}

bool uses_setup_context(Interpreter& in, const Value& cls) {
  return rt::truthy(in, rt::get_attr(in, cls, "_backstep_setup_context"));
}

// With setup_context, apply's arguments become the inputs as forward's
// positional parameters, keywords and defaults bound (PyTorch's
// bind_default_args), so setup_context sees every one.
std::vector<Value> bind_forward_args(Interpreter& in, const Value& cls, std::vector<Value> args, const rt::Args& a) {
  auto* fn = rt::get_attr(in, cls, "forward").as<rt::ScriptFunction>();
  if (!fn) return args;
  const auto& params = fn->code->params;
  size_t used_kw = 0;
  for (size_t i = args.size(); i < params.size() && params[i].kind == lang::Param::Kind::Positional; ++i) {
    if (const Value* v = a.find_kw(params[i].name)) {
      args.push_back(*v);
      ++used_kw;
    } else if (i < fn->defaults.size() && !rt::is_unbound(fn->defaults[i])) {
      args.push_back(fn->defaults[i]);
    } else {
      rt::raise_type_error(fmt::format("missing a required argument: '{}'", params[i].name));
    }
  }
  if (used_kw != a.kw.size()) rt::raise_type_error("got an unexpected keyword argument");
  return args;
}

// forward(ctx, *args, **kwargs); or, when the class defines setup_context,
// forward(*args) then setup_context(ctx, args, output).
Value run_forward(Interpreter& in, const Value& cls, const Value& ctx, const std::vector<Value>& args,
                  const rt::Args& a) {
  rt::Args call;
  if (uses_setup_context(in, cls)) {
    call.pos.assign(args.begin(), args.end());
    Value output = rt::call_method(in, cls, "forward", call);
    in.call(rt::get_attr(in, cls, "setup_context"), {ctx, rt::make_tuple(args), output});
    return output;
  }
  call.pos.push_back(ctx);
  call.pos.append(args.begin(), args.end());
  call.kw = a.kw;  // passed on, not inputs of the node (as PyTorch does)
  return rt::call_method(in, cls, "forward", call);
}

Value function_apply(Interpreter& in, rt::Args& a) {
  if (a.pos.empty()) rt::raise_type_error("apply() missing the Function class");
  Value cls = a.pos[0];
  std::vector<Value> args(a.pos.begin() + 1, a.pos.end());
  if (uses_setup_context(in, cls)) args = bind_forward_args(in, cls, std::move(args), a);
  ag::variable_list inputs;
  std::vector<bool> is_variable;
  std::vector<Value> needs_grad;
  bool any_requires_grad = false;
  for (const auto& v : args) {
    is_variable.push_back(v.is_tensor());
    bool rg = v.is_tensor() && v.as_tensor().requires_grad();
    needs_grad.emplace_back(rg);
    any_requires_grad |= rg;
    if (v.is_tensor()) inputs.push_back(v.as_tensor());
  }
  const bool executable = c10::GradMode::is_enabled() && any_requires_grad;
  // Made before the forward runs: its sequence number and origin (this line).
  auto node = c10::make_intrusive<ScriptFunctionNode>(function_name(in, cls) + "Backward", script_backward(in));
  node->is_variable_input = is_variable;
  node->program_backward = backward_is_program_code(in, cls);
  if (executable) node->set_next_edges(ag::collect_next_edges(inputs));

  Value ctx = in.call(rt::get_attr(in, cls, "_backward_cls"), {});
  auto handle = std::make_shared<NodeHandle>(node);
  node->payload = std::make_shared<FunctionPayload>(FunctionPayload{ctx, handle});
  // Weakly: the payload holds the handle, and a strong copy here would be a
  // reference the cycle collector cannot see (Note [A ctx the script holds
  // keeps its node]).
  node->on_release = [weak = std::weak_ptr<NodeHandle>(handle)] {
    if (auto h = weak.lock()) h->unpin();
  };
  rt::set_attr(in, ctx, "_cdata", Value(handle));
  rt::set_attr(in, ctx, "needs_input_grad", rt::make_tuple(needs_grad));

  Value raw;
  {
    c10::AutoGradMode no_grad(false);
    raw = run_forward(in, cls, ctx, args, a);
  }
  const bool single = !raw.as<rt::TupleObject>();
  std::vector<Value> outs = single ? std::vector<Value>{raw} : raw.as<rt::TupleObject>()->items;
  std::vector<std::optional<at::Tensor>> raw_tensors;
  for (const auto& o : outs) raw_tensors.push_back(o.is_tensor() ? std::optional<at::Tensor>(o.as_tensor()) : std::nullopt);

  auto non_diff = impl_set(in, ctx, "non_differentiable", "mark_non_differentiable");
  auto dirty = impl_set(in, ctx, "dirty_tensors", "mark_dirty");
  auto wrapped = node->wrap_outputs(inputs, non_diff, dirty, raw_tensors, executable);
  for (size_t i = 0; i < outs.size(); ++i)
    if (wrapped[i]) outs[i] = Value(*wrapped[i]);
  if (executable) {
    save_for_backward(in, *node, ctx);
    node->materialize_grads = rt::truthy(in, rt::get_attr(in, ctx, "materialize_grads"));
  }
  // As PyTorch's apply, the ctx lets go of what the marks and
  // save_for_backward named once the outputs are made (they read None
  // afterwards): the node holds the ctx, so a dirty output kept here would
  // hold its own grad_fn, a cycle through libtorch no collector sees.
  for (const char* attr : {"to_save", "non_differentiable", "dirty_tensors"}) rt::set_attr(in, ctx, attr, Value::none());
  return single ? outs[0] : rt::make_tuple(std::move(outs));
}

Value saved_tensors(Interpreter& in, rt::Args& a) {
  rt::expect_args(a, "saved_tensors", 1, 1);
  auto node = node_of_ctx(in, a.pos[0]);
  auto* fn = dynamic_cast<ScriptFunctionNode*>(node.get());
  if (!fn) rt::raise_runtime_error(ag::ERR_BACKWARD_TWICE);
  std::vector<Value> out;
  for (const auto& t : fn->unpack_saved()) out.push_back(tensor_or_none(t));
  return rt::make_tuple(std::move(out));
}

Value node_object_of_ctx(Interpreter& in, rt::Args& a) {
  rt::expect_args(a, "node", 1, 1);
  // A NodeObject of its own: node_object() of this node answers the ctx.
  return Value(std::make_shared<NodeObject>(node_of_ctx(in, a.pos[0])));
}

Value delayed_error(Interpreter& in, rt::Args& a) {
  rt::expect_args(a, "delayed_error", 2, 2);
  auto* msg = a.pos[0].as<rt::StrObject>();
  if (!msg) rt::raise_type_error("delayed_error() expects a message");
  std::vector<at::Tensor> tensors;
  for (const auto& v : items_of(in, a.pos[1])) {
    // A detached alias that requires grad, so the Error node gets attached.
    tensors.push_back(v.is_tensor() ? v.as_tensor().detach().requires_grad_(true) : at::Tensor());
  }
  std::vector<Value> out;
  for (const auto& t : autograd::delayed_error(msg->value, tensors)) out.push_back(tensor_or_none(t));
  return rt::make_tuple(std::move(out));
}

Value graph_task_id(Interpreter& in, rt::Args& a) {
  rt::expect_args(a, "graph_task_id", 0, 0);
  const BackwardTask* task = current_backward_task(in);
  return Value(task ? static_cast<int64_t>(task->id) : int64_t{-1});
}

Value cpu_rng_state(Interpreter&, rt::Args& a) {
  rt::expect_args(a, "cpu_rng_state", 0, 0);
  auto gen = at::detail::getDefaultCPUGenerator();
  std::lock_guard<std::mutex> lock(gen.mutex());
  return Value(gen.get_state());
}

Value set_cpu_rng_state(Interpreter&, rt::Args& a) {
  rt::expect_args(a, "set_cpu_rng_state", 1, 1);
  if (!a.pos[0].is_tensor()) rt::raise_type_error("set_cpu_rng_state() expects the tensor cpu_rng_state() gave");
  auto gen = at::detail::getDefaultCPUGenerator();
  std::lock_guard<std::mutex> lock(gen.mutex());
  gen.set_state(a.pos[0].as_tensor());
  return Value();
}

Value make_function_module(Interpreter&) {
  auto m = rt::make_module("_backstep_function");
  m->def("apply", function_apply);
  m->def("saved_tensors", saved_tensors);
  m->def("node", node_object_of_ctx);
  m->def("delayed_error", delayed_error);
  m->def("graph_task_id", graph_task_id);
  m->def("cpu_rng_state", cpu_rng_state);
  m->def("set_cpu_rng_state", set_cpu_rng_state);
  return Value(m);
}

}  // namespace

std::optional<Value> function_ctx_of(const ag::Node& node) {
  auto* fn = dynamic_cast<const ScriptFunctionNode*>(&node);
  if (!fn || !fn->payload) return std::nullopt;
  auto* payload = static_cast<FunctionPayload*>(fn->payload.get());
  // Note [A ctx the script holds keeps its node]
  if (!fn->released()) payload->handle->pin(const_cast<ScriptFunctionNode*>(fn)->getptr());
  return payload->ctx;
}

void install_function_module(Interpreter& in) { in.register_module("_backstep_function", make_function_module); }

namespace {

// The ctx and its handle: the payload holds both (Note [A ctx the script
// holds keeps its node]).
void traverse_payload(const void* key, rt::GcVisitor& v) {
  const auto& payload = *static_cast<const FunctionPayload*>(key);
  v.visit(payload.ctx);
  v.visit(payload.handle);
}
const rt::GcHolderType kPayload{"Function ctx", traverse_payload};

}  // namespace

void gc_visit_function_payload(rt::GcVisitor& v, const autograd::ScriptFunctionNode& node) {
  if (const auto& p = node.payload) v.visit_holder(p.get(), p.use_count(), kPayload);
}

}  // namespace backstep::api
