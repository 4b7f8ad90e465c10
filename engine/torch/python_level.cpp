// torch.X and Tensor.X that PyTorch implements in Python on top of the
// generated bindings (torch/functional.py, torch/_tensor.py): their
// parameter lists, and the few lines of logic each runs before calling the
// binding. Argument errors use CPython's messages for Python functions.
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/arg_parser.h"
#include "engine/torch/cuda_runtime.h"
#include "engine/torch/overload_index.h"

namespace backstep::torchb {

using rt::Args;
using rt::Value;

void bind_python_params(std::string_view function, std::string_view params, const Args& args, Value* out);

namespace {

Value generated(rt::Interpreter& in, const char* name, const Value* self, Args args) {
  return call_generated(in, *detail::family_for(name), self, args, nullptr);
}

Args with_kw(Args a, const char* name, const Value& v) {
  if (!v.is_none()) a.kw.push_back({name, v});
  return a;
}

// torch.norm of a strided tensor in PyTorch 2.x (functional.py): the
// torch.linalg norms, so the graph holds LinalgVectorNormBackward0 and no
// deprecated frobenius_norm runs.
Value linalg_norm(rt::Interpreter& in, const Value& input, const Value& p, const Value& dim, const Value& keepdim,
                  const Value& out, const Value& dtype) {
  Value d = dim.is_int() ? rt::make_list({dim}) : dim;
  auto call = [&](const char* op, const Value& ord, const Value& dims) {
    return generated(in, op, nullptr, with_kw(with_kw({input, ord, dims, keepdim}, "dtype", dtype), "out", out));
  };
  const auto* ps = p.as<rt::StrObject>();
  if (!ps) return call("linalg_vector_norm", p.is_none() ? Value(2.0) : p, d);
  if (ps->value == "fro" && (dim.is_none() || dim.is_int() || rt::to_vector(in, dim).size() <= 2))
    return call("linalg_vector_norm", Value(static_cast<int64_t>(2)), d);
  if (d.is_none()) {
    std::vector<Value> all;
    for (int64_t i = 0; i < input.as_tensor().dim(); ++i) all.emplace_back(i);
    d = rt::make_list(std::move(all));
  }
  return call("linalg_matrix_norm", p, d);
}

// torch.norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None);
// the 1.x path below remains for other layouts (sparse).
Value norm_impl(rt::Interpreter& in, const Value& input, const Value& p, const Value& dim, const Value& keepdim,
                const Value& out, const Value& dtype) {
  int64_t ndim = input.as_tensor().dim();
  auto all_dims = [&] {
    std::vector<Value> d;
    for (int64_t i = 0; i < ndim; ++i) d.emplace_back(i);
    return rt::make_list(std::move(d));
  };
  const auto* ps = p.as<rt::StrObject>();
  if (input.as_tensor().layout() == c10::kStrided) return linalg_norm(in, input, p, dim, keepdim, out, dtype);
  if (dim.is_none() && out.is_none() && dtype.is_none() && !p.is_none()) {
    if (ps && ps->value == "fro")
      return generated(in, "frobenius_norm", nullptr, {input, rt::make_tuple({}), keepdim});
    if (!ps) return generated(in, "norm", nullptr, with_kw({input, p, all_dims()}, "keepdim", keepdim));
  }
  Value d = dim.is_int() ? rt::make_list({dim}) : dim;
  if (ps) {
    if (ps->value == "fro" || ps->value == "nuc") {
      bool fro = ps->value == "fro";
      if (!dtype.is_none())
        rt::raise_value_error(std::string("dtype argument is not supported in ") + (fro ? "frobenius" : "nuclear") +
                              " norm");
      if (fro && d.is_none()) d = all_dims();
      Args args = d.is_none() ? Args{input} : Args{input, d};
      return generated(in, fro ? "frobenius_norm" : "nuclear_norm", nullptr,
                       with_kw(with_kw(args, "keepdim", keepdim), "out", out));
    }
    rt::raise_runtime_error("only valid string values are 'fro' and 'nuc', found " + ps->value);
  }
  if (d.is_none()) d = all_dims();
  return generated(in, "norm", nullptr,
                   with_kw(with_kw(with_kw({input, p, d}, "keepdim", keepdim), "dtype", dtype), "out", out));
}

Value torch_norm(rt::Interpreter& in, const OpFamily&, const Value*, Args& args, CallSiteCache*) {
  Value a[6];
  bind_python_params("norm", "input, p='fro', dim=None, keepdim=False, out=None, dtype=None", args, a);
  return norm_impl(in, a[0], a[1], a[2], a[3], a[4], a[5]);
}

Value tensor_norm(rt::Interpreter& in, const OpFamily&, const Value* self, Args& args, CallSiteCache*) {
  Value a[4];
  bind_python_params("Tensor.norm", "p='fro', dim=None, keepdim=False, dtype=None", args, a);
  return norm_impl(in, *self, a[0], a[1], a[2], Value(), a[3]);
}

// torch.einsum(equation, *operands); a single list of operands also works.
Value einsum(rt::Interpreter& in, const OpFamily& f, const Value*, Args& args, CallSiteCache* cache) {
  Value a[1];
  bind_python_params("einsum", "*args", args, a);
  const auto& items = a[0].as<rt::TupleObject>()->items;
  if (items.size() < 2)
    rt::raise_value_error(
        "einsum(): must specify the equation string and at least one operand, or at least one operand and its "
        "subscripts list");
  Value operands = items.size() == 2 && detail::sequence_items(items[1])
                       ? items[1]
                       : rt::make_tuple(std::vector<Value>(items.begin() + 1, items.end()));
  Args call{items[0], operands};
  return call_generated(in, f, nullptr, call, cache);
}

// torch.broadcast_tensors(*tensors)
Value broadcast_tensors(rt::Interpreter& in, const OpFamily& f, const Value*, Args& args, CallSiteCache* cache) {
  Value a[1];
  bind_python_params("broadcast_tensors", "*tensors", args, a);
  Args call{a[0]};
  return call_generated(in, f, nullptr, call, cache);
}

// torch.meshgrid(*tensors, indexing=None)
Value meshgrid(rt::Interpreter& in, const OpFamily& f, const Value*, Args& args, CallSiteCache* cache) {
  Value a[2];
  bind_python_params("meshgrid", "*tensors, indexing=None", args, a);
  Value tensors = a[0];
  const auto& items = tensors.as<rt::TupleObject>()->items;
  if (items.size() == 1 && detail::sequence_items(items[0])) tensors = items[0];
  Args call = with_kw({tensors}, "indexing", a[1]);
  return call_generated(in, f, nullptr, call, cache);
}

// Tensor.pin_memory(): pinned memory is CUDA's, so CUDA starts first (its
// error where there is no GPU, as PyTorch's).
Value pin_memory(rt::Interpreter& in, const OpFamily& f, const Value* self, Args& args, CallSiteCache* cache) {
  ensure_cuda_initialized();
  return call_generated(in, f, self, args, cache);
}

struct PythonLevel {
  const char* name;
  PythonLevelFn function;
  PythonLevelFn method;
};

const PythonLevel kPythonLevel[] = {
    {"norm", torch_norm, tensor_norm},
    {"einsum", einsum, nullptr},
    {"broadcast_tensors", broadcast_tensors, nullptr},
    {"meshgrid", meshgrid, nullptr},
    {"pin_memory", nullptr, pin_memory},
};

}  // namespace

void detail::install_python_level(OpFamily& fam) {
  for (const auto& p : kPythonLevel) {
    if (fam.name != p.name) continue;
    if (p.function && !fam.functions.empty()) fam.py_function = p.function;
    if (p.method && !fam.methods.empty()) fam.py_method = p.method;
  }
}

}  // namespace backstep::torchb
