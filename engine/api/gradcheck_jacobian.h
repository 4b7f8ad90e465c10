// What gradcheck.cpp and gradcheck_jacobian.cpp share: a check's options and
// state, the Python-level helpers both need, and the two Jacobians (by
// finite differences and by backward passes) that gradcheck compares.
#pragma once

#include "engine/runtime/object.h"

#include <ATen/core/Tensor.h>

#include <string>
#include <vector>

namespace backstep::api::gradcheck_impl {

using rt::Interpreter;
using rt::Value;
using Tensors = std::vector<at::Tensor>;
using Values = std::vector<Value>;

// torch.autograd.gradcheck.GradcheckError, a RuntimeError.
const rt::TypeObject& gradcheck_error();
[[noreturn]] void fail(std::string message);       // raises GradcheckError
[[noreturn]] void assertion(std::string message);  // raises AssertionError

// The keyword arguments the checks read. eps and nondet_tol are kept as
// given because messages print them the way Python prints the argument.
struct Options {
  Value eps = Value(1e-6), nondet_tol = Value(0.0);
  double eps_value = 1e-6, nondet_value = 0.0, atol = 1e-5, rtol = 1e-3;
  bool masked = false, check_undefined_grad = true, check_grad_dtypes = false;
};

// One gradcheck run: the function under test and its tupled inputs.
struct Check {
  Interpreter& in;
  Value func;
  Values inputs;
  Options opt;
  double eps() const { return opt.eps_value; }
};

// _as_tuple: a tuple or list gives its items, anything else a 1-tuple.
Values as_tuple(const Value& v);
// o.requires_grad: on a non-tensor this raises Python's AttributeError.
bool requires_grad(Interpreter& in, const Value& v);
bool is_float_or_complex(const Value& v);
const at::Tensor& tensor_of(const Value& v);
Value call(Interpreter& in, const Value& fn, const Values& args);
// _differentiable_outputs: the outputs that require grad.
Tensors differentiable_outputs(Interpreter& in, const Value& out);
// The inputs gradcheck differentiates: top-level tensors requiring grad.
Tensors diff_inputs(const Values& inputs);
// torch.autograd.grad(outputs, inputs, grads, retain_graph=keep_graph,
// allow_unused=True), through run_backward so that the debugger and the
// tracer see every backward gradcheck runs.
Tensors grad(Interpreter& in, Tensors outputs, Tensors inputs, Tensors grads, bool keep_graph);

// _get_numerical_jacobian: [input requiring grad][float output] matrices of
// (input numel x output numel), by central differences of c.func.
std::vector<Tensors> numerical_jacobian(Check& c, const Values& outs);
// _check_analytical_jacobian_attributes: [input requiring grad] matrices for
// one output, by one backward per output element; computed twice and
// compared (GradcheckError when backward is not reentrant).
Tensors analytical_jacobian(Check& c, const at::Tensor& output);

}  // namespace backstep::api::gradcheck_impl
