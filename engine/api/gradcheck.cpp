#include "engine/api/gradcheck.h"

#include "engine/api/autograd_api.h"
#include "engine/api/gradcheck_jacobian.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ATen.h>
#include <torch/csrc/autograd/functions/basic_ops.h>

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace backstep::api {
namespace {

using namespace gradcheck_impl;

const char* const kUndefinedNote =
    "Please look at \"Notes about undefined output gradients\" in \"tools/autograd/derivatives.yaml\"";

// Which part of complex outputs a pass looks at (_gradcheck_real_imag).
struct Part {
  std::vector<size_t> complex_outputs;
  bool imag = false;
};

// o.is_complex(): on a non-tensor this raises Python's AttributeError.
bool is_complex(Interpreter& in, const Value& v) {
  rt::Args none;
  return v.is_tensor() ? v.as_tensor().is_complex() : rt::truthy(in, rt::call_method(in, v, "is_complex", none));
}

Tensors zeros_like_each(const Tensors& ts) {
  Tensors r;
  for (const auto& t : ts) r.push_back(at::zeros_like(t, at::MemoryFormat::Contiguous));
  return r;
}

// --- the checks ---------------------------------------------------------------

bool allclose_promoted(const at::Tensor& a, const at::Tensor& n, double rtol, double atol) {
  at::ScalarType t = at::promote_types(a.scalar_type(), n.scalar_type());
  return at::allclose(a.to(t), n.to(a.device()).to(t), rtol, atol);
}

std::string mismatch_message(Check& c, const at::Tensor& a, const at::Tensor& n, size_t out, size_t inp,
                             const Part& part) {
  const auto& cx = part.complex_outputs;
  std::string prefix;
  if (std::find(cx.begin(), cx.end(), out) != cx.end())
    prefix = fmt::format("While considering the {} part of complex outputs only, ", part.imag ? "imaginary" : "real");
  return prefix + fmt::format("Jacobian mismatch for output {} with respect to input {},\n", out, inp) +
         "numerical:" + rt::str(c.in, Value(n)) + "\nanalytical:" + rt::str(c.in, Value(a)) + "\n";
}

// _slow_gradcheck.
void slow_gradcheck(Check& c, const Values& func_out, const Tensors& outputs, const Part& part) {
  std::vector<Tensors> per_input = numerical_jacobian(c, func_out);
  if (outputs.empty()) {  // then every numerical derivative must be zero
    for (const auto& jacs : per_input)
      for (const auto& j : jacs)
        if (at::ne(j, 0).sum().item<int64_t>() > 0) fail("Numerical gradient for function expected to be zero");
    return;
  }
  // Transposed to [float output][input], then (zipped with all outputs, as
  // PyTorch does) only those whose output requires grad.
  size_t n_float = per_input.empty() ? 0 : per_input[0].size();
  for (const auto& jacs : per_input) n_float = std::min(n_float, jacs.size());
  std::vector<Tensors> numerical;
  for (size_t k = 0; k < std::min(n_float, func_out.size()); ++k) {
    if (!requires_grad(c.in, func_out[k])) continue;
    Tensors per_out;
    for (const auto& jacs : per_input) per_out.push_back(jacs[k]);
    numerical.push_back(std::move(per_out));
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    Tensors analytical = analytical_jacobian(c, outputs[i]);
    if (i >= numerical.size()) rt::raise_index_error("list index out of range");
    for (size_t j = 0; j < std::min(analytical.size(), numerical[i].size()); ++j)
      if (!allclose_promoted(analytical[j], numerical[i][j], c.opt.rtol, c.opt.atol))
        fail(mismatch_message(c, analytical[j], numerical[i][j], i, j, part));
  }
}

// _real_and_imag_output: func with torch.real or torch.imag applied to its complex outputs.
Value complex_part(const Value& func, bool imag) {
  return rt::make_builtin("wrapped_fn", [func, imag](Interpreter& in, Args& a) {
    Values outs = as_tuple(in.call(func, a));
    for (auto& o : outs)
      if (is_complex(in, o)) o = imag ? at::imag(o.as_tensor()) : at::real(o.as_tensor());
    return rt::make_tuple(std::move(outs));
  });
}

// _gradcheck_real_imag (backward mode): complex outputs are checked as
// their imaginary parts, then their real parts.
void check_real_imag(Check& c, const Values& func_out, const Tensors& outputs) {
  Part part;
  for (size_t i = 0; i < outputs.size(); ++i)
    if (outputs[i].is_complex()) part.complex_outputs.push_back(i);
  bool any_complex = false;
  for (const auto& o : func_out) any_complex = is_complex(c.in, o) || any_complex;
  if (!any_complex) return slow_gradcheck(c, func_out, outputs, part);
  for (bool imag : {true, false}) {
    Check pass = c;
    pass.func = complex_part(c.func, imag);
    Value out = call(c.in, pass.func, c.inputs);
    part.imag = imag;
    slow_gradcheck(pass, as_tuple(out), differentiable_outputs(c.in, out), part);
  }
}

bool is_sparse_any(const at::Tensor& t) { return t.layout() != at::kStrided && t.layout() != at::kMkldnn; }

// _check_inputs.
void check_inputs(Check& c) {
  bool any = false;
  for (size_t idx = 0; idx < c.inputs.size(); ++idx) {
    if (!c.inputs[idx].is_tensor() || !c.inputs[idx].as_tensor().requires_grad()) continue;
    at::Tensor t = c.inputs[idx].as_tensor();
    if (t.scalar_type() != at::kDouble && t.scalar_type() != at::kComplexDouble)
      c.in.warn("UserWarning", fmt::format("Input #{} requires gradient and is not a double precision floating point "
                                           "or complex. This check will likely fail if all the inputs are not of "
                                           "double precision floating point or complex. ", idx));
    if (is_sparse_any(t)) rt::raise_not_implemented("backstep's gradcheck does not support sparse inputs");
    for (int64_t d = 0; d < t.dim(); ++d)
      if (t.stride(d) <= 0 && t.size(d) > 1)
        rt::raise_runtime_error(fmt::format(
            "The {}th input has a dimension with stride 0. gradcheck only supports inputs that are non-overlapping to "
            "be able to compute the numerical gradients correctly. You should call .contiguous on the input before "
            "passing it to gradcheck.", idx));
    any = true;
  }
  if (!any)
    rt::raise_value_error("gradcheck expects at least one input tensor to require gradient, but none of them have "
                          "requires_grad=True.");
}

// _check_outputs.
void check_outputs(const Tensors& outputs) {
  for (const auto& o : outputs)
    if (is_sparse_any(o))
      rt::raise_value_error("Sparse output is not supported at gradcheck yet. Please call to_dense(masked_grad=...) "
                            "on the output of fn for gradcheck.");
  for (const auto& o : outputs)
    if (o.layout() == at::kMkldnn)
      rt::raise_value_error("MKLDNN output is not supported at gradcheck yet. Please call to_dense(masked_grad=...) "
                            "on the output of fn for gradcheck.");
}

// _test_backward_mul_by_grad_output: zero grad_outputs must give zero gradients.
void check_scales_with_grad_output(Check& c, const Tensors& outputs) {
  Tensors diff = diff_inputs(c.inputs);
  if (diff.empty()) fail("no Tensors requiring grad found in input");
  Tensors grads = grad(c.in, outputs, diff, zeros_like_each(outputs), false);
  for (size_t i = 0; i < grads.size() && i < diff.size(); ++i) {
    at::Tensor g = grads[i], d = diff[i];
    if (!g.defined()) continue;
    if (g.layout() != at::kStrided) {
      if (g.layout() != d.layout())
        fail("grad is incorrect layout (" + rt::str(c.in, torchb::layout_object(g.layout())) + " is not " +
             rt::str(c.in, torchb::layout_object(d.layout())) + ")");
      g = g.to_dense();
      d = d.to_dense();
    }
    bool zero = c.opt.masked ? at::allclose(g, at::zeros_like(g)) : g.eq(0).all().item<bool>();
    if (!zero) fail("backward not multiplied by grad_output");
    if (g.scalar_type() != d.scalar_type()) fail("grad is incorrect type");
    if (g.device() != d.device()) fail("grad is incorrect device");
    if (!g.sizes().equals(d.sizes())) fail("grad is incorrect size");
  }
}

void warn_undefined_grad_check(Interpreter& in) {
  in.warn("UserWarning",
          "Backwards compatibility: New undefined gradient support checking feature is enabled by default, but it "
          "may break existing callers of this function. If this is true for you, you can call this function with "
          "\"check_undefined_grad=False\" to disable the feature");
}

// One case of _test_undefined_backward_mode: outputs some of which pass
// through UndefinedGrad, so their backward receives undefined gradients.
void check_undefined_case(Check& c, const Tensors& outputs, const Tensors& diff) {
  Tensors grads;
  try {
    grads = grad(c.in, outputs, diff, zeros_like_each(outputs), false);
  } catch (const rt::ScriptError& e) {
    if (!e.type().is_subtype_of(*rt::exc_types().runtime_error)) throw;
    warn_undefined_grad_check(c.in);
    auto exc = std::make_shared<rt::ExceptionObject>(
        gradcheck_error(), Values{rt::make_str(std::string("Expected backward function to handle undefined output "
                                                           "grads. ") + kUndefinedNote)});
    exc->context = Value(e.exception());  // raised while handling it, as in Python
    throw rt::ScriptError(exc);
  }
  for (const auto& g : grads)
    if (g.defined() && !g.eq(0).all().item<bool>()) {
      warn_undefined_grad_check(c.in);
      fail(std::string("Expected all input grads to be undefined or zero when all output grads are undefined or "
                       "zero. ") + kUndefinedNote);
    }
}

at::Tensor undefined_grad(const at::Tensor& t) {
  auto node = c10::make_intrusive<torch::autograd::UndefinedGrad>();
  return (*node)({t})[0];
}

// _test_undefined_backward_mode: every output's gradient undefined, then
// (with several outputs) one at a time. All cases are built before any is
// checked, so func runs in PyTorch's order.
void check_undefined_grad(Check& c, size_t n_outputs) {
  Tensors diff = diff_inputs(c.inputs);
  if (diff.empty()) fail("no Tensors requiring grad found in input");
  auto fresh = [&] { return differentiable_outputs(c.in, call(c.in, c.func, c.inputs)); };
  std::vector<Tensors> cases{fresh()};
  for (auto& o : cases[0]) o = undefined_grad(o);
  if (cases[0].size() > 1)
    for (size_t k = 0; k < n_outputs; ++k) {
      Tensors outs = fresh();
      if (k < outs.size()) outs[k] = undefined_grad(outs[k]);
      cases.push_back(std::move(outs));
    }
  for (const auto& outputs : cases) check_undefined_case(c, outputs, diff);
}

// _gradcheck_helper (backward mode, slow).
void run_checks(Check& c) {
  check_inputs(c);
  Value func_out = call(c.in, c.func, c.inputs);
  Tensors outputs = differentiable_outputs(c.in, func_out);
  check_outputs(outputs);
  check_real_imag(c, as_tuple(func_out), outputs);
  check_scales_with_grad_output(c, outputs);
  if (c.opt.check_undefined_grad) check_undefined_grad(c, outputs.size());
}

Value run(Check& c, bool raise_exception) {
  try {
    run_checks(c);
  } catch (const rt::ScriptError& e) {
    if (raise_exception || !e.type().is_subtype_of(gradcheck_error())) throw;
    return Value(false);
  }
  return Value(true);
}

Options read_options(Interpreter& in, const Value* eps, const Value* atol, const Value* rtol, const Value* nondet_tol,
                     const Value* check_undefined_grad, const Value* check_grad_dtypes) {
  Options o;
  auto number = [&](const Value* v, Value& keep, double& value) {
    if (!v) return;
    value = rt::to_double(in, *v);
    keep = *v;
  };
  number(eps, o.eps, o.eps_value);
  number(nondet_tol, o.nondet_tol, o.nondet_value);
  if (atol) o.atol = rt::to_double(in, *atol);
  if (rtol) o.rtol = rt::to_double(in, *rtol);
  o.check_undefined_grad = rt::bool_arg(in, check_undefined_grad, true);
  o.check_grad_dtypes = rt::bool_arg(in, check_grad_dtypes, false);
  return o;
}

// Options of PyTorch's that need forward-mode AD, vmap or fast mode, which
// backstep does not have: refused rather than silently skipped.
void refuse(bool requested, const char* option) {
  if (requested) rt::raise_not_implemented(fmt::format("backstep's gradcheck does not support {}=True", option));
}

// torch.testing.make_tensor(shape, dtype, low=-1, high=1, requires_grad=True,
// noncontiguous=...): drawn from the global generator with the same
// operations, so torch.manual_seed gives the values PyTorch gives. A
// noncontiguous one is drawn twice as wide in its last dimension and every
// other element from the second on kept.
at::Tensor random_grad_output(const at::Tensor& o, bool noncontiguous) {
  at::ScalarType st = o.is_floating_point() || o.is_complex() ? o.scalar_type() : at::kDouble;
  std::vector<int64_t> shape = o.sizes().vec();
  noncontiguous = noncontiguous && o.numel() > 1;
  if (noncontiguous) shape.back() *= 2;
  at::Tensor t = at::empty(shape, o.options().dtype(st));
  (c10::isComplexType(st) ? at::view_as_real(t) : t).uniform_(-1, 1);  // a complex one as (real, imag) pairs
  if (noncontiguous) t = t.slice(-1, 1, INT64_MAX, 2);
  t.set_requires_grad(true);
  return t;
}

// new_func of gradgradcheck: the gradients of func's outputs with respect to
// its differentiable inputs, with create_graph=True, from (*inputs, *grad_outputs).
Value second_order(Interpreter& in, const Value& func, const Values& inputs, const Values& grad_outputs) {
  std::set<size_t> diff_in, diff_go;  // requires_grad as it was before the check began
  for (size_t i = 0; i < inputs.size(); ++i)
    if (inputs[i].is_tensor() && inputs[i].as_tensor().requires_grad()) diff_in.insert(i);
  for (size_t i = 0; i < grad_outputs.size(); ++i)
    if (requires_grad(in, grad_outputs[i])) diff_go.insert(i);
  size_t n_out = grad_outputs.size();
  return rt::make_builtin("new_func", [func, diff_in, diff_go, n_out](Interpreter& in, Args& a) {
    Values args(a.pos.begin(), a.pos.end());
    // Python's args[:-n] and args[-n:], including what they give for n == 0.
    size_t split = n_out == 0 || n_out > args.size() ? 0 : args.size() - n_out;
    Values ins(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(split)), diff;
    Values gos(args.begin() + static_cast<std::ptrdiff_t>(split), args.end());
    for (size_t i = 0; i < ins.size(); ++i) {
      if (!diff_in.count(i)) continue;
      ins[i].as_tensor().set_requires_grad(true);
      diff.push_back(ins[i]);
    }
    Values outs;
    for (auto& t : differentiable_outputs(in, call(in, func, ins))) outs.push_back(t);
    for (size_t i = 0; i < gos.size(); ++i)
      if (diff_go.count(i)) tensor_of(gos[i]).set_requires_grad(true);
    Args g;
    g.pos = {rt::make_tuple(outs), rt::make_tuple(diff), rt::make_tuple(gos)};
    g.kw.push_back(rt::Kwarg{"create_graph", Value(true)});
    g.kw.push_back(rt::Kwarg{"allow_unused", Value(true)});
    Values result;
    for (auto& v : as_tuple(autograd_grad(in, g)))
      if (!v.is_none()) result.push_back(v);
    return rt::make_tuple(std::move(result));
  });
}

}  // namespace

Value gradcheck(Interpreter& in, Args& args) {
  auto a = rt::bind_args(args, "gradcheck",
                         {"func", "inputs", "eps", "atol", "rtol", "raise_exception", "nondet_tol",
                          "check_undefined_grad", "check_grad_dtypes", "check_batched_grad",
                          "check_batched_forward_grad", "check_forward_ad", "check_backward_ad", "fast_mode", "masked"},
                         2, 2);
  bool batched = rt::bool_arg(in, a[9], false), batched_forward = rt::bool_arg(in, a[10], false);
  bool forward = rt::bool_arg(in, a[11], false), backward = rt::bool_arg(in, a[12], true);
  if (!forward && !backward) assertion("Expected at least one of check_forward_ad or check_backward_ad to be True");
  if (batched && !backward) assertion("Setting check_batched_grad=True requires check_backward_ad to be True");
  if (batched_forward && !forward)
    assertion("Setting check_batched_forward_grad=True requires check_forward_ad to be True");
  refuse(forward, "check_forward_ad");
  refuse(batched, "check_batched_grad");
  refuse(rt::bool_arg(in, a[13], false), "fast_mode");
  Check c{in, *a[0], as_tuple(*a[1]), read_options(in, a[2], a[3], a[4], a[6], a[7], a[8])};
  c.opt.masked = rt::bool_arg(in, a[14], false);  // None (the default) reads as False there too
  return run(c, rt::bool_arg(in, a[5], true));
}

Value gradgradcheck(Interpreter& in, Args& args) {
  auto a = rt::bind_args(args, "gradgradcheck",
                         {"func", "inputs", "grad_outputs", "eps", "atol", "rtol", "gen_non_contig_grad_outputs",
                          "raise_exception", "nondet_tol", "check_undefined_grad", "check_grad_dtypes",
                          "check_batched_grad", "check_fwd_over_rev", "check_rev_over_rev", "fast_mode", "masked"},
                         2, 3);
  Options opt = read_options(in, a[3], a[4], a[5], a[8], a[9], a[10]);
  opt.masked = rt::bool_arg(in, a[15], false);
  bool batched = rt::bool_arg(in, a[11], false);
  bool forward = rt::bool_arg(in, a[12], false), reverse = rt::bool_arg(in, a[13], true);
  if (!forward && !reverse) assertion("Expected at least one of check_fwd_over_rev or check_rev_over_rev to be True");
  if (opt.check_undefined_grad && !reverse)
    assertion("Setting check_undefined_grad=True requires check_rev_over_rev to be True");
  if (batched && !reverse) assertion("Setting check_batched_grad=True requires check_rev_over_rev to be True");
  refuse(forward, "check_fwd_over_rev");
  refuse(batched, "check_batched_grad");
  refuse(rt::bool_arg(in, a[14], false), "fast_mode");
  const Value& func = *a[0];
  Values inputs = as_tuple(*a[1]);
  Values grad_outputs;
  if (!a[2] || a[2]->is_none()) {
    bool noncontiguous = rt::bool_arg(in, a[6], false);
    for (const auto& o : differentiable_outputs(in, call(in, func, inputs)))
      grad_outputs.push_back(random_grad_output(o, noncontiguous));
  } else {
    grad_outputs = as_tuple(*a[2]);
  }
  Values all = inputs;
  all.insert(all.end(), grad_outputs.begin(), grad_outputs.end());
  Check c{in, second_order(in, func, inputs, grad_outputs), std::move(all), opt};
  return run(c, rt::bool_arg(in, a[7], true));
}

Value make_gradcheck_module(Interpreter&) {
  auto m = rt::make_module("torch.autograd.gradcheck");
  m->def("gradcheck", gradcheck);
  m->def("gradgradcheck", gradgradcheck);
  m->set("GradcheckError", rt::type_value(gradcheck_error()));
  return Value(m);
}

}  // namespace backstep::api
