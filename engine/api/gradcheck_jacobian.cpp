#include "engine/api/gradcheck_jacobian.h"

#include "engine/api/autograd_api.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ATen.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace backstep::api::gradcheck_impl {

const rt::TypeObject& gradcheck_error() {
  static rt::TypeObject* type =
      rt::new_exception_type("GradcheckError", "torch.autograd.gradcheck", *rt::exc_types().runtime_error);
  return *type;
}

void fail(std::string message) { rt::raise(gradcheck_error(), std::move(message)); }
void assertion(std::string message) { rt::raise(*rt::exc_types().assertion_error, std::move(message)); }

Values as_tuple(const Value& v) {
  if (auto* t = v.as<rt::TupleObject>()) return t->items;
  if (auto* l = v.as<rt::ListObject>()) return l->items;
  return {v};
}

bool requires_grad(Interpreter& in, const Value& v) {
  return v.is_tensor() ? v.as_tensor().requires_grad() : rt::truthy(in, rt::get_attr(in, v, "requires_grad"));
}

const at::Tensor& tensor_of(const Value& v) {
  if (!v.is_tensor()) rt::raise_type_error("gradcheck expects func to return Tensors, but got " + rt::type_name(v));
  return v.as_tensor();
}

Value call(Interpreter& in, const Value& fn, const Values& args) {
  rt::Args a;
  a.pos.assign(args.begin(), args.end());
  return in.call(fn, a);
}

Tensors differentiable_outputs(Interpreter& in, const Value& out) {
  Tensors r;
  for (const auto& o : as_tuple(out))
    if (requires_grad(in, o)) r.push_back(tensor_of(o));
  return r;
}

Tensors diff_inputs(const Values& inputs) {
  Tensors r;
  for (const auto& v : inputs)
    if (v.is_tensor() && v.as_tensor().requires_grad()) r.push_back(v.as_tensor());
  return r;
}

Tensors grad(Interpreter& in, Tensors outputs, Tensors inputs, Tensors grads, bool keep_graph) {
  BackwardRequest r;
  r.roots = std::move(outputs);
  r.inputs = std::move(inputs);
  r.grads = std::move(grads);
  r.keep_graph = keep_graph;
  r.allow_unused = true;
  r.accumulate_grad = false;
  return run_backward(in, r);
}

bool is_float_or_complex(const Value& v) {
  return v.is_tensor() && (v.as_tensor().is_floating_point() || v.as_tensor().is_complex());
}

namespace {

const char* const kNondetNote =
    "\n\nNOTE: If your op relies on non-deterministic operations i.e., it is listed here:\n"
    "https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html\n"
    "this failure might be expected.\n\n"
    "If you are adding a new operator, please file an issue and then use one of the\n"
    "workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.\n"
    "If the test\n"
    "- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck\n"
    "  with `nondet_tol=<tol>` as a keyword argument.\n"
    "- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test\n"
    "  to have `gradcheck_nondet_tol=<tol>`.\n"
    "- is a Module test (e.g., in common_nn.py), then modify the corresponding\n"
    "  module_test entry to have `gradcheck_nondet_tol=<tol>`\n";

// Python's `dst[k] = src`: leading size-1 dimensions of src dropped, the
// rest broadcast to dst (so mismatches fail with PyTorch's expand message).
void assign(const at::Tensor& dst, const at::Tensor& src) {
  auto sizes = src.sizes();
  size_t lead = 0;
  while (lead < sizes.size() && sizes[lead] == 1) ++lead;
  dst.copy_(src.view(sizes.slice(lead)).expand(dst.sizes()));
}

// --- numerical Jacobian -------------------------------------------------------

// func(*inputs) as a tuple of clones (wrapped_fn in gradcheck.py).
Values cloned_outputs(Check& c) {
  Values out = as_tuple(call(c.in, c.func, c.inputs));
  for (auto& o : out) {
    rt::Args none;
    o = o.is_tensor() ? Value(o.as_tensor().clone()) : rt::call_method(c.in, o, "clone", none);
  }
  return out;
}

// _check_outputs_same_dtype_and_shape; `index` is the perturbed element's,
// as Python prints the tuple: "(0,)", "(1, 2)", "()".
void check_same_dtype_and_shape(Check& c, const at::Tensor& a, const at::Tensor& b, const std::string& index) {
  std::string when = "when inputs are perturbed on index " + index + " by " + rt::str(c.in, c.opt.eps) + ", but got:";
  if (!a.sizes().equals(b.sizes()))
    assertion(fmt::format("Expected `func` to return outputs with the same shape {} shapes {} and {}.", when,
                          rt::repr(c.in, rt::make_size(a.sizes())), rt::repr(c.in, rt::make_size(b.sizes()))));
  if (a.scalar_type() != b.scalar_type())
    assertion(fmt::format("Expected `func` to return outputs with the same dtype {} dtypes {} and {}.", when,
                          rt::repr(c.in, torchb::dtype_object(a.scalar_type())),
                          rt::repr(c.in, torchb::dtype_object(b.scalar_type()))));
}

// _compute_numerical_gradient: central differences with `entry` (a view of
// one input element) moved by -delta and +delta; one column per output.
Tensors numerical_column(Check& c, at::Tensor& entry, const c10::Scalar& delta, const std::string& index) {
  at::Tensor orig = entry.clone();
  Values below, above;
  try {
    entry.copy_(at::sub(orig, delta));
    below = cloned_outputs(c);
    entry.copy_(at::add(orig, delta));
    above = cloned_outputs(c);
  } catch (...) {
    entry.copy_(orig);  // leave the input as it was for the session
    throw;
  }
  entry.copy_(orig);
  Tensors cols;
  for (size_t k = 0; k < std::min(below.size(), above.size()); ++k) {
    const at::Tensor& a = tensor_of(below[k]);
    const at::Tensor& b = tensor_of(above[k]);
    check_same_dtype_and_shape(c, a, b, index);
    cols.push_back(at::div(at::sub(b, a), 2 * c.eps()).detach().reshape(-1));
  }
  return cols;
}

// The index of element `flat` of a tensor in C order.
std::vector<int64_t> index_of(const at::Tensor& t, int64_t flat) {
  std::vector<int64_t> index(t.dim());
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    index[d] = flat % t.size(d);
    flat /= t.size(d);
  }
  return index;
}

std::string tuple_text(const std::vector<int64_t>& index) {
  if (index.size() == 1) return fmt::format("({},)", index[0]);
  return fmt::format("({})", fmt::join(index, ", "));
}

// The element at `index` as a 0-dim view into the tensor's storage.
at::Tensor element(at::Tensor t, const std::vector<int64_t>& index) {
  for (int64_t i : index) t = t.select(0, i);
  return t;
}

// get_numerical_jacobian_wrt_specific_input: one (input numel x output
// numel) matrix per float output. The input is perturbed through .data,
// whose version counter is its own, so graphs that saved the input (the
// one the analytical Jacobian later runs on) stay valid.
Tensors numerical_wrt_input(Check& c, const Values& outs, const at::Tensor& input) {
  at::Tensor data = input.variable_data();
  const int64_t n = input.numel();
  std::vector<Tensors> cols;
  for (int64_t d = 0; d < n; ++d) {
    std::vector<int64_t> index = index_of(data, d);
    at::Tensor entry = element(data, index);
    Tensors col = numerical_column(c, entry, c10::Scalar(c.eps()), tuple_text(index));
    if (input.is_complex()) {  // the conjugate Wirtinger derivative: d/dx + i d/dy
      Tensors dy = numerical_column(c, entry, c10::Scalar(c10::complex<double>(0, c.eps())), tuple_text(index));
      for (size_t k = 0; k < std::min(col.size(), dy.size()); ++k)
        col[k] = at::add(col[k], at::mul(dy[k], c10::Scalar(c10::complex<double>(0, 1))));
    }
    cols.push_back(std::move(col));
  }
  Tensors jac;
  for (const auto& o : outs) {
    if (!is_float_or_complex(o)) continue;
    auto options = o.as_tensor().options().layout(at::kStrided);
    if (input.is_complex()) options = options.dtype(input.scalar_type());
    jac.push_back(at::zeros({n, o.as_tensor().numel()}, options));
  }
  // As in PyTorch, the k-th float output takes the k-th column entry even
  // when non-float outputs come before it.
  for (size_t k = 0; k < jac.size(); ++k)
    for (int64_t d = 0; d < n; ++d) {
      if (k >= cols[d].size()) rt::raise_index_error("list index out of range");
      assign(jac[k].select(0, d), cols[d][k]);
    }
  return jac;
}

}  // namespace

std::vector<Tensors> numerical_jacobian(Check& c, const Values& outs) {
  std::vector<Tensors> r;
  for (const auto& t : diff_inputs(c.inputs)) r.push_back(numerical_wrt_input(c, outs, t));
  return r;
}

namespace {

// --- analytical Jacobian ------------------------------------------------------

// _compute_analytical_jacobian_rows: one backward per output element with a
// one-hot grad_output; rows[i][j] is row j for input i (undefined if unused).
std::vector<Tensors> jacobian_rows(Check& c, const at::Tensor& output, const Tensors& diff) {
  at::Tensor base = at::zeros_like(output, at::MemoryFormat::Contiguous);
  at::Tensor flat = base.view(-1);
  std::vector<Tensors> rows(diff.size());
  for (int64_t j = 0; j < flat.numel(); ++j) {
    flat.zero_();
    flat.select(0, j).fill_(1.0);
    Tensors g = grad(c.in, {output}, diff, {base}, true);
    for (size_t i = 0; i < g.size() && i < rows.size(); ++i)
      rows[i].push_back(g[i].defined() ? g[i].clone() : at::Tensor());
  }
  return rows;
}

struct Stacked {
  Tensors jacobians;  // per input: (input numel x output numel)
  bool sizes_ok = true, types_ok = true;
};

// _stack_and_check_tensors.
Stacked stack_rows(const std::vector<Tensors>& rows, const Tensors& diff, int64_t output_numel) {
  Stacked s;
  for (const auto& t : diff)
    s.jacobians.push_back(at::zeros({t.numel(), output_numel}, t.options().layout(at::kStrided)));
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = 0; j < rows[i].size(); ++j) {
      const at::Tensor& g = rows[i][j];
      at::Tensor col = s.jacobians[i].select(1, static_cast<int64_t>(j));
      if (!g.defined()) {
        col.zero_();
        continue;
      }
      if (!g.sizes().equals(diff[i].sizes())) s.sizes_ok = false;
      else if (g.scalar_type() != diff[i].scalar_type()) s.types_ok = false;
      at::Tensor dense = g.layout() == at::kStrided ? g : g.to_dense();
      if (col.numel() != dense.numel())
        throw rt::ScriptError(std::make_shared<rt::ExceptionObject>(*rt::exc_types().assertion_error, Values{}));
      assign(col, dense.reshape(-1));
    }
  return s;
}

// _check_jacobians_equal: max |difference| within tol (NaN counts as equal, as there).
bool jacobians_equal(const Tensors& a, const Tensors& b, double tol) {
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
    if (a[i].numel() != 0 && at::sub(a[i], b[i]).abs().max().gt(tol).item<bool>()) return false;
  return true;
}

}  // namespace

// _check_analytical_jacobian_attributes: the analytical Jacobian of one
// output, computed twice to catch backward passes that are not reentrant.
Tensors analytical_jacobian(Check& c, const at::Tensor& output) {
  Tensors diff = diff_inputs(c.inputs);
  Stacked first = stack_rows(jacobian_rows(c, output, diff), diff, output.numel());
  Stacked second = stack_rows(jacobian_rows(c, output, diff), diff, output.numel());
  // PyTorch 2.x unpacks these two flags in swapped order, so a wrong size
  // reads as a dtype mismatch and the other way round; kept for equal text.
  if (!first.sizes_ok && c.opt.check_grad_dtypes) fail("Gradient has dtype mismatch");
  if (!first.types_ok) fail("Analytical gradient has incorrect size");
  if (!jacobians_equal(first.jacobians, second.jacobians, c.opt.nondet_value))
    fail("Backward is not reentrant, i.e., running backward with same input and grad_output multiple times gives "
         "different values, although analytical gradient matches numerical gradient.The tolerance for "
         "nondeterminism was " + rt::str(c.in, c.opt.nondet_tol) + "." + kNondetNote);
  return first.jacobians;
}

}  // namespace backstep::api::gradcheck_impl
