// torch.func: grad, grad_and_value and vjp through libtorch's reverse-mode
// autograd, jvp through its forward-mode AD; the rest of functorch (vmap,
// jacrev, jacfwd, hessian, ...) raises NotImplementedError; functional_call
// is the library's (pylib torch/_func_functional_call.py).
//
// PyTorch builds these on functorch's dynamic layers (a level per transform,
// tensors wrapped per level). libtorch's public C++ API does not expose those
// layers, so each transform here runs the function once on tensors prepared
// for differentiation and asks the engine for the gradients:
// - an argument that already requires grad (an outer torch.func.grad, or a
//   program's leaf) is used as it is and the gradient is made with
//   create_graph, so it stays differentiable to the outer level -- what
//   functorch's level nesting gives (grad(grad(f)) is f'');
// - any other argument becomes a fresh leaf, and the results come back
//   detached, as functorch's unwrapped outputs do.
// What this cannot reproduce (pytrees of tensors, vmap's batching, nested
// forward levels) raises NotImplementedError naming the function, never a
// wrong result.
#include "engine/api/autograd_api.h"
#include "engine/autograd/libtorch_compat.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/dict_object.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <ATen/ATen.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <optional>
#include <unordered_set>

namespace backstep::api {

namespace {

using Values = std::vector<Value>;

[[noreturn]] void unsupported(const std::string& fn, const std::string& why) {
  rt::raise_not_implemented(fmt::format("torch.func.{} is not supported by backstep: {}", fn, why));
}

std::string class_name(const Value& v) { return fmt::format("<class '{}'>", rt::type_name(v)); }

// argnums as a list of positions, and whether it was a tuple (results then
// come back as a tuple too).
std::pair<std::vector<size_t>, bool> read_argnums(Interpreter& in, const Value& argnums, size_t nargs) {
  bool tuple = !argnums.is_int_like();
  Values items = tuple ? rt::to_vector(in, argnums) : Values{argnums};
  if (tuple && items.empty()) rt::raise_runtime_error("argnums must be non-empty");
  std::vector<size_t> out;
  for (const auto& v : items) {
    if (!v.is_int_like())
      rt::raise_runtime_error(fmt::format("argnums must be int or Tuple[int, ...], got: {}", class_name(argnums)));
    int64_t n = v.to_int();
    if (n < -static_cast<int64_t>(nargs) || n >= static_cast<int64_t>(nargs))
      rt::raise_runtime_error(fmt::format(
          "Got argnum={}, but only {} positional inputs", n, nargs));
    out.push_back(static_cast<size_t>(n < 0 ? n + static_cast<int64_t>(nargs) : n));
  }
  return {out, tuple};
}

// Inputs the engine differentiates with respect to (see the file comment).
struct Prepared {
  std::vector<at::Tensor> inputs;
  std::unordered_set<const torch::autograd::Node*> fresh;  // gradient accumulators of the fresh leaves
  std::vector<c10::intrusive_ptr<torch::autograd::Node>> alive;  // ... kept alive while they are compared
  bool outer = false;  // some input already required grad: keep results attached
};

Prepared prepare(const std::string& fn, Values& args, const std::vector<size_t>& positions) {
  Prepared p;
  at::AutoGradMode enable(true);
  for (size_t pos : positions) {
    if (!args[pos].is_tensor())
      unsupported(fn, fmt::format("differentiating with respect to a {} (only Tensors are supported)",
                                  rt::type_name(args[pos])));
    at::Tensor t = args[pos].as_tensor();
    if (t.requires_grad()) {
      p.outer = true;
    } else {
      t = t.detach().requires_grad_(true);
      args[pos] = Value(t);
      p.alive.push_back(torch::autograd::impl::grad_accumulator(t));
      p.fresh.insert(p.alive.back().get());
    }
    p.inputs.push_back(t);
  }
  return p;
}

Value call_with(Interpreter& in, const Value& func, const Values& pos, const rt::Args& original) {
  rt::Args a;
  a.pos.assign(pos.begin(), pos.end());
  a.kw = original.kw;
  at::AutoGradMode enable(true);
  return in.call(func, a);
}

// d(outputs . cotangents)/d(inputs), zeros where an input was not used.
std::vector<at::Tensor> gradients(Interpreter& in, const std::vector<at::Tensor>& outputs,
                                  const std::vector<at::Tensor>& cotangents, const Prepared& p) {
  std::vector<at::Tensor> roots, grads;
  for (size_t i = 0; i < outputs.size(); ++i)
    if (outputs[i].requires_grad()) {
      roots.push_back(outputs[i]);
      grads.push_back(cotangents[i]);
    }
  std::vector<at::Tensor> result(p.inputs.size());
  if (!roots.empty()) {
    BackwardRequest r;
    r.roots = roots;
    r.grads = grads;
    // Always with a graph: a tensor the function closes over (a parameter
    // requiring grad) may make the gradient differentiable at the outer level.
    r.keep_graph = true;
    r.create_graph = true;
    r.inputs = p.inputs;
    r.allow_unused = true;
    r.accumulate_grad = false;
    result = run_backward(in, r);
  }
  for (size_t i = 0; i < result.size(); ++i)
    if (!result[i].defined()) result[i] = at::zeros_like(p.inputs[i]);
  return result;
}

// Whether t's graph reaches a leaf other than the fresh ones: a tensor of
// the outer level (an input or a captured parameter that requires grad).
bool reaches_outer(const at::Tensor& t, const Prepared& p) {
  if (!t.requires_grad()) return false;
  std::vector<torch::autograd::Node*> todo;
  std::unordered_set<torch::autograd::Node*> seen;
  if (const auto& fn = t.grad_fn()) todo.push_back(fn.get());
  else return !p.fresh.count(torch::autograd::impl::grad_accumulator(t).get());
  while (!todo.empty()) {
    torch::autograd::Node* n = todo.back();
    todo.pop_back();
    if (!seen.insert(n).second) continue;
    bool sink = true;
    for (const auto& e : n->next_edges())
      if (e.is_valid()) {
        sink = false;
        todo.push_back(e.function.get());
      }
    if (sink && !p.fresh.count(n)) return true;
  }
  return false;
}

// A result as functorch hands it out: on the outer graph where it depends
// on the outer level, detached otherwise.
Value unwrap(const at::Tensor& t, const Prepared& p) { return Value(p.outer || reaches_outer(t, p) ? t : t.detach()); }

// An aux output comes back unwrapped as the main one does: each tensor of
// a (nested) tuple or list; functorch refuses any other leaf.
Value unwrap_aux(Interpreter& in, const std::string& fn, const Value& v, const Prepared& p) {
  if (v.is_tensor()) return unwrap(v.as_tensor(), p);
  bool tuple = v.as<rt::TupleObject>() != nullptr;
  if (tuple || v.as<rt::ListObject>()) {
    Values items;
    for (const auto& item : rt::to_vector(in, v)) items.push_back(unwrap_aux(in, fn, item, p));
    return tuple ? rt::make_tuple(items) : rt::make_list(items);
  }
  if (v.as<rt::DictObject>()) unsupported(fn, "an aux output holding a dict");
  rt::raise_runtime_error(fmt::format("Expected tensors, got unsupported type {}", class_name(v)));
}

// grad_and_value's checks of what the function returned, in functorch's words.
std::pair<at::Tensor, Value> split_output(Interpreter& in, const Value& out, bool has_aux) {
  Value value = out, aux;
  if (has_aux) {
    auto* t = out.as<rt::TupleObject>();
    if (!t || t->items.size() != 2)
      rt::raise_runtime_error(
          "grad_and_value(f)(*args): output of function f should be a tuple: (output, aux) if has_aux is True");
    value = t->items[0];
    aux = t->items[1];
  }
  if (!value.is_tensor())
    rt::raise_runtime_error(
        fmt::format("grad_and_value(f)(*args): Expected f(*args) to return a Tensor, got {}", class_name(value)));
  const at::Tensor& v = value.as_tensor();
  if (v.dim() != 0)
    rt::raise_runtime_error(fmt::format(
        "grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, got tensor with {} dims. Maybe "
        "you wanted to use the vjp or jacrev APIs instead?",
        v.dim()));
  (void)in;
  return {v, aux};
}

// grad_and_value(func, argnums, has_aux)(*args): ((grads, value) or ((grads, value), aux) as functorch.
Value run_grad(Interpreter& in, const Value& func, const Value& argnums, bool has_aux, bool with_value,
               rt::Args& call) {
  Values args(call.pos.begin(), call.pos.end());
  auto [positions, tuple] = read_argnums(in, argnums, args.size());
  std::string name = with_value ? "grad_and_value" : "grad";
  Prepared p = prepare(name, args, positions);
  auto [value, aux] = split_output(in, call_with(in, func, args, call), has_aux);
  auto g = gradients(in, {value}, {at::ones_like(value)}, p);
  Values gs;
  for (const auto& t : g) gs.push_back(unwrap(t, p));
  Value grads = tuple ? rt::make_tuple(gs) : gs[0];
  Value v = unwrap(value, p);
  if (has_aux) aux = unwrap_aux(in, name, aux, p);
  Value result = with_value ? rt::make_tuple({grads, v}) : grads;
  if (!has_aux) return result;
  return with_value ? rt::make_tuple({grads, rt::make_tuple({v, aux})}) : rt::make_tuple({grads, aux});
}

Value make_grad_transform(Interpreter& in, rt::Args& a, bool with_value) {
  const char* name = with_value ? "grad_and_value" : "grad";
  auto b = rt::bind_args(a, name, {"func", "argnums", "has_aux"}, 1);
  Value func = *b[0];
  Value argnums = b[1] ? *b[1] : Value(static_cast<int64_t>(0));
  bool has_aux = rt::bool_arg(in, b[2], false);
  return rt::make_builtin(std::string(name) + "_f", [func, argnums, has_aux, with_value](Interpreter& in, rt::Args& c) {
    return run_grad(in, func, argnums, has_aux, with_value, c);
  });
}

// A function's output as a list of tensors: one Tensor, or a tuple/list of them.
std::pair<std::vector<at::Tensor>, bool> output_tensors(Interpreter& in, const std::string& fn, const Value& out) {
  if (out.is_tensor()) return {{out.as_tensor()}, false};
  std::vector<at::Tensor> ts;
  if (out.as<rt::TupleObject>() || out.as<rt::ListObject>()) {
    for (const auto& v : rt::to_vector(in, out)) {
      if (!v.is_tensor()) unsupported(fn, "outputs other than a Tensor or a flat tuple of Tensors");
      ts.push_back(v.as_tensor());
    }
    return {ts, true};
  }
  rt::raise_runtime_error(fmt::format(
      "{}(f, *primals): Expected f to be a function that has only Tensors or Python primitives as outputs, got {}",
      fn, class_name(out)));
}

Value pack(const std::vector<at::Tensor>& ts, bool tuple, const Prepared& p) {
  if (!tuple) return unwrap(ts[0], p);
  Values vs;
  for (const auto& t : ts) vs.push_back(unwrap(t, p));
  return rt::make_tuple(vs);
}

// The vjp_fn vjp returns: cotangents shaped as the outputs -> a tuple with
// one gradient per primal. Callable again (the graph is kept).
Value vjp_function(std::vector<at::Tensor> outs, bool tuple, Prepared p) {
  return rt::make_builtin("vjp_fn", [outs, tuple, p](Interpreter& in, rt::Args& a) -> Value {
    auto b = rt::bind_args(a, "vjp_fn", {"cotangents"}, 1);
    std::vector<at::Tensor> cts;
    for (const auto& v : tuple ? rt::to_vector(in, *b[0]) : Values{*b[0]}) {
      if (!v.is_tensor()) unsupported("vjp", "cotangents other than Tensors");
      cts.push_back(v.as_tensor());
    }
    if (cts.size() != outs.size())
      rt::raise_runtime_error("Expected pytree structure of cotangents to be the same as pytree structure of outputs "
                              "to the function");
    for (size_t i = 0; i < cts.size(); ++i)
      if (!cts[i].sizes().equals(outs[i].sizes()))
        rt::raise_runtime_error(fmt::format(
            "Mismatch in shape: grad_output[{}] has a shape of torch.Size([{}]) and output[{}] has a shape of "
            "torch.Size([{}]).",
            i, fmt::join(cts[i].sizes(), ", "), i, fmt::join(outs[i].sizes(), ", ")));
    Values gs;
    for (const auto& g : gradients(in, outs, cts, p)) gs.push_back(unwrap(g, p));
    return rt::make_tuple(gs);
  });
}

// vjp(func, *primals, has_aux=False) -> (output, vjp_fn[, aux])
Value vjp(Interpreter& in, rt::Args& a) {
  if (a.pos.empty()) rt::raise_type_error("vjp() missing 1 required positional argument: 'func'");
  const Value* aux_arg = a.find_kw("has_aux");
  bool has_aux = rt::bool_arg(in, aux_arg, false);
  Value func = a.pos[0];
  Values primals(a.pos.begin() + 1, a.pos.end());
  std::vector<size_t> all(primals.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  Prepared p = prepare("vjp", primals, all);
  rt::Args none;
  Value out = call_with(in, func, primals, none), aux;
  if (has_aux) {
    auto* t = out.as<rt::TupleObject>();
    if (!t || t->items.size() != 2)
      rt::raise_runtime_error("vjp(f, *primals): output of function f should be a tuple: (output, aux) if has_aux is True");
    aux = unwrap_aux(in, "vjp", t->items[1], p);
    out = t->items[0];
  }
  auto [outs, tuple] = output_tensors(in, "vjp", out);
  Values result{pack(outs, tuple, p), vjp_function(outs, tuple, p)};
  if (has_aux) result.push_back(aux);
  return rt::make_tuple(result);
}

std::string tree_spec(size_t n) {
  std::vector<std::string> stars(n, "*");
  return fmt::format("TreeSpec(tuple, None, [{}])", fmt::join(stars, ",\n  "));
}

// jvp(func, primals, tangents, *, strict=False, has_aux=False) -> (output, jvp_out[, aux]):
// libtorch's forward-mode AD, one dual level for the call.
Value jvp(Interpreter& in, rt::Args& a) {
  auto b = rt::bind_args(a, "jvp", {"func", "primals", "tangents", "strict", "has_aux"}, 3, 3);
  bool has_aux = rt::bool_arg(in, b[4], false);
  for (auto [arg, what] : {std::pair{b[1], "primals"}, std::pair{b[2], "tangents"}})
    if (!arg->as<rt::TupleObject>())
      rt::raise_runtime_error(fmt::format(
          "jvp(f, primals, tangents): Expected {} to be a tuple. E.g. it should be valid to call f(*primals).", what));
  Values primals = rt::to_vector(in, *b[1]), tangents = rt::to_vector(in, *b[2]);
  if (primals.size() != tangents.size())
    rt::raise_runtime_error(fmt::format(
        "jvp(f, primals, tangents): Expected primals and tangents to have the same python structure. For example, "
        "if primals is a tuple of 3 tensors, tangents also must be. Got primals with structure {} and tangents with "
        "structure {}",
        tree_spec(primals.size()), tree_spec(tangents.size())));
  for (const auto& v : primals)
    if (!v.is_tensor()) unsupported("jvp", "primals other than Tensors");
  for (const auto& v : tangents)
    if (!v.is_tensor()) unsupported("jvp", "tangents other than Tensors");
  std::optional<autograd::ForwardLevel> level;
  try {
    level.emplace();
  } catch (const c10::Error&) {
    unsupported("jvp", "nested forward-mode AD (jvp inside jvp): libtorch allows one forward level at a time");
  }
  Values duals;
  for (size_t i = 0; i < primals.size(); ++i)
    duals.push_back(Value(at::_make_dual(primals[i].as_tensor(), tangents[i].as_tensor(), level->index())));
  rt::Args none;
  Value out = call_with(in, *b[0], duals, none), aux;
  if (has_aux) {
    auto* t = out.as<rt::TupleObject>();
    if (!t || t->items.size() != 2)
      rt::raise_runtime_error("jvp(f, primals, tangents): output of function f should be a tuple: (output, aux) if has_aux is True");
    aux = t->items[1];
    out = t->items[0];
  }
  auto [outs, tuple] = output_tensors(in, "jvp", out);
  std::vector<at::Tensor> primal_out, tangent_out;
  for (const auto& t : outs) {
    auto [primal, tangent] = at::_unpack_dual(t, level->index());
    // Both outlive the level: the primal is a view without a tangent, the
    // tangent a tensor of its own.
    primal_out.push_back(primal);
    tangent_out.push_back(tangent.defined() ? tangent : at::zeros_like(primal));
  }
  Prepared keep;
  keep.outer = true;  // forward AD leaves autograd's graph as it is
  Values result{pack(primal_out, tuple, keep), pack(tangent_out, tuple, keep)};
  if (has_aux) result.push_back(aux);
  return rt::make_tuple(result);
}

}  // namespace

Value make_func_module(Interpreter&) {
  auto m = rt::make_module("torch.func");
  m->def("grad", [](Interpreter& in, rt::Args& a) { return make_grad_transform(in, a, false); });
  m->def("grad_and_value", [](Interpreter& in, rt::Args& a) { return make_grad_transform(in, a, true); });
  m->def("vjp", vjp);
  m->def("jvp", jvp);
  for (const char* fn : {"vmap", "jacrev", "jacfwd", "hessian", "stack_module_state", "linearize", "functionalize"}) {
    std::string name = fn;
    m->def(name, [name](Interpreter&, rt::Args&) -> Value {
      unsupported(name, "functorch's transforms other than grad, grad_and_value, vjp and jvp are not reachable "
                        "through libtorch's C++ API");
    });
  }
  // functional_call is Python in PyTorch and in backstep's library
  // (pylib torch/_func_functional_call.py), made on first use.
  m->set_fallback([](Interpreter& in, std::string_view name) -> std::optional<Value> {
    if (name != "functional_call") return std::nullopt;
    return rt::get_attr(in, in.import_module("torch._func_functional_call"), "functional_call");
  });
  return Value(m);
}

}  // namespace backstep::api
