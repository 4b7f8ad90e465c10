// torch.nn.functional: the Python-level translations nn/functional.py makes
// before it calls ATen (reduction strings to enums, inplace flags, loss
// names), each a few lines over a table of Python signatures. Names not in
// the table fall back to torch._C._nn.X and to the torch.X builtins that
// functional.py re-exports.
#include "engine/format/float_repr.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/bridge.h"
#include "engine/torch/overload_index.h"

#include <ATen/ExpandUtils.h>
#include <fmt/format.h>

#include <algorithm>

namespace backstep::torchb {

using rt::Args;
using rt::Interpreter;
using rt::Value;

namespace {

// --- calling ops from translations ------------------------------------------

// functional.py calls the generated bindings (torch.X, torch._C._nn.X, _VF.X).
Value torch_fn(Interpreter& in, const char* name, Args args, CallSiteCache* c) {
  return call_generated(in, *find_op(name), nullptr, args, c);
}
Value nn_fn(Interpreter& in, const char* name, Args args, CallSiteCache* c) {
  return call_generated(in, *find_module_op(OpModule::NN, name), nullptr, args, c);
}
Value method(Interpreter& in, const Value& self, const char* name, Args args, CallSiteCache* c) {
  return call_op(in, *find_method(name), &self, args, c);
}

// libtorch calls made directly from here raise c10::Error: as Python errors.
template <class F>
auto guarded(F f) {
  try {
    return f();
  } catch (const rt::ScriptError&) {
    throw;
  } catch (const std::exception& e) {
    throw rt::translate_torch_error(e);
  }
}
Args with_kw(Args a, const char* name, Value v) {
  a.kw.push_back({name, std::move(v)});
  return a;
}

// _Reduction.get_enum / legacy_get_string.
bool truth(const Value& v) { return v.is_bool() ? v.as_bool() : v.is_number() ? v.to_float() != 0 : !v.is_none(); }

int64_t reduction_enum(const Value& reduction, const Value& size_average, const Value& reduce) {
  if (!size_average.is_none() || !reduce.is_none()) {
    bool avg = size_average.is_none() || truth(size_average);
    bool red = reduce.is_none() || truth(reduce);
    return avg && red ? 1 : red ? 2 : 0;
  }
  const auto* s = reduction.as<rt::StrObject>();
  std::string r = s ? s->value : "";
  if (r == "none") return 0;
  if (r == "mean" || r == "elementwise_mean") return 1;
  if (r == "sum") return 2;
  rt::raise_value_error(r + " is not a valid value for reduction");
}

double number(const Value& v) { return v.is_tensor() ? v.as_tensor().item<double>() : v.to_float(); }
const at::Tensor& tensor(const Value& v) { return v.as_tensor(); }

std::string size_repr(const at::Tensor& t) {
  std::string s = "torch.Size([";
  for (int64_t i = 0; i < t.dim(); ++i) s += (i ? ", " : "") + std::to_string(t.size(i));
  return s + "])";
}

// --- the translations ----------------------------------------------------------

using Handler = Value (*)(Interpreter&, Value* a, CallSiteCache* c);

Value relu(Interpreter& in, Value* a, CallSiteCache* c) {
  return torch_fn(in, truth(a[1]) ? "relu_" : "relu", {a[0]}, c);
}
Value silu(Interpreter& in, Value* a, CallSiteCache* c) {
  return nn_fn(in, truth(a[1]) ? "silu_" : "silu", {a[0]}, c);
}
Value leaky_relu(Interpreter& in, Value* a, CallSiteCache* c) {
  return nn_fn(in, truth(a[2]) ? "leaky_relu_" : "leaky_relu", {a[0], a[1]}, c);
}
Value sigmoid(Interpreter& in, Value* a, CallSiteCache* c) { return method(in, a[0], "sigmoid", {}, c); }
Value tanh(Interpreter& in, Value* a, CallSiteCache* c) { return method(in, a[0], "tanh", {}, c); }

// softmax(input, dim=None, _stacklevel=3, dtype=None): an implicit dim is 0
// for 0-, 1- and 3-d inputs, else 1 (_get_softmax_dim).
Value softmax_like(Interpreter& in, Value* a, CallSiteCache* c, const char* name) {
  Value dim = a[1];
  if (dim.is_none()) {
    int64_t nd = tensor(a[0]).dim();
    dim = Value(int64_t(nd == 0 || nd == 1 || nd == 3 ? 0 : 1));
  }
  return method(in, a[0], name, a[3].is_none() ? Args{dim} : with_kw({dim}, "dtype", a[3]), c);
}
Value softmax(Interpreter& in, Value* a, CallSiteCache* c) { return softmax_like(in, a, c, "softmax"); }
Value log_softmax(Interpreter& in, Value* a, CallSiteCache* c) { return softmax_like(in, a, c, "log_softmax"); }

Value dropout(Interpreter& in, Value* a, CallSiteCache* c) {
  double p = number(a[1]);
  if (p < 0.0 || p > 1.0)
    rt::raise_value_error("dropout probability has to be between 0 and 1, but got " + rt::repr(in, a[1]));
  return torch_fn(in, truth(a[3]) ? "dropout_" : "dropout", {a[0], a[1], a[2]}, c);
}

// (input, target, size_average=None, reduce=None, reduction='mean'): the
// inputs are broadcast against each other first.
Value pointwise_loss(Interpreter& in, Value* a, CallSiteCache* c, const char* name, const Value* beta) {
  int64_t r = reduction_enum(a[4], a[2], a[3]);
  Value both = torch_fn(in, "broadcast_tensors", {rt::make_list({a[0], a[1]})}, nullptr);
  const auto& t = both.as<rt::TupleObject>()->items;
  Args args{t[0], t[1], Value(r)};
  if (beta) args.pos.push_back(*beta);
  return nn_fn(in, name, args, c);
}
Value mse_loss(Interpreter& in, Value* a, CallSiteCache* c) { return pointwise_loss(in, a, c, "mse_loss", nullptr); }
Value l1_loss(Interpreter& in, Value* a, CallSiteCache* c) { return pointwise_loss(in, a, c, "l1_loss", nullptr); }
Value smooth_l1_loss(Interpreter& in, Value* a, CallSiteCache* c) {
  if (number(a[5]) == 0.0) return pointwise_loss(in, a, c, "l1_loss", nullptr);
  return pointwise_loss(in, a, c, "smooth_l1_loss", &a[5]);
}

// nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean')
Value nll_loss(Interpreter& in, Value* a, CallSiteCache* c) {
  return nn_fn(in, "nll_loss_nd", {a[0], a[1], a[2], Value(reduction_enum(a[6], a[3], a[5])), a[4]}, c);
}
// cross_entropy(..., ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0)
Value cross_entropy(Interpreter& in, Value* a, CallSiteCache* c) {
  return nn_fn(in, "cross_entropy_loss",
               {a[0], a[1], a[2], Value(reduction_enum(a[6], a[3], a[5])), a[4], a[7]}, c);
}

Value binary_cross_entropy(Interpreter& in, Value* a, CallSiteCache* c) {
  int64_t r = reduction_enum(a[5], a[3], a[4]);
  if (tensor(a[1]).sizes() != tensor(a[0]).sizes())
    rt::raise_value_error("Using a target size (" + size_repr(tensor(a[1])) +
                          ") that is different to the input size (" + size_repr(tensor(a[0])) +
                          ") is deprecated. Please ensure they have the same size.");
  Value weight = a[2];
  if (weight.is_tensor())
    weight = guarded([&] {
      return Value(tensor(weight).expand(at::infer_size(tensor(a[1]).sizes(), tensor(weight).sizes())));
    });
  return nn_fn(in, "binary_cross_entropy", {a[0], a[1], weight, Value(r)}, c);
}

// (input, target, weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None)
Value bce_with_logits(Interpreter& in, Value* a, CallSiteCache* c) {
  int64_t r = reduction_enum(a[5], a[3], a[4]);
  if (tensor(a[1]).sizes() != tensor(a[0]).sizes())
    rt::raise_value_error("Target size (" + size_repr(tensor(a[1])) + ") must be the same as input size (" +
                          size_repr(tensor(a[0])) + ")");
  return torch_fn(in, "binary_cross_entropy_with_logits", {a[0], a[1], a[2], a[6], Value(r)}, c);
}

Value layer_norm(Interpreter& in, Value* a, CallSiteCache* c) {
  return torch_fn(in, "layer_norm", {a[0], a[1], a[2], a[3], a[4], Value(true)}, c);
}

// embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False)
Value embedding(Interpreter& in, Value* a, CallSiteCache* c) {
  int64_t n = tensor(a[1]).size(0), padding = -1;
  if (!a[2].is_none()) {
    padding = a[2].to_int();
    if (padding > 0 && padding >= n) rt::raise(*rt::exc_types().assertion_error, "Padding_idx must be within num_embeddings");
    if (padding < 0 && padding < -n) rt::raise(*rt::exc_types().assertion_error, "Padding_idx must be within num_embeddings");
    if (padding < 0) padding += n;
  }
  Value input = a[0];
  if (!a[3].is_none()) {
    input = guarded([&] { return Value(tensor(input).contiguous()); });
    at::NoGradGuard no_grad;
    torch_fn(in, "embedding_renorm_", {a[1], input, a[3], a[4]}, nullptr);
  }
  return torch_fn(in, "embedding", {a[1], input, Value(padding), a[5], a[6]}, c);
}

// max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False)
Value max_pool2d(Interpreter& in, Value* a, CallSiteCache* c) {
  Value stride = a[2].is_none() ? rt::make_list({}) : a[2];
  Args args{a[0], a[1], stride, a[3], a[4], a[5]};
  if (truth(a[6])) return nn_fn(in, "max_pool2d_with_indices", args, c);
  return torch_fn(in, "max_pool2d", args, c);
}

// normalize(input, p=2.0, dim=1, eps=1e-12, out=None)
Value normalize(Interpreter& in, Value* a, CallSiteCache* c) {
  static thread_local CallSiteCache norm, clamp, expand;
  Value denom = method(in, a[0], "norm", with_kw({a[1], a[2]}, "keepdim", Value(true)), &norm);
  denom = method(in, denom, "clamp_min", {a[3]}, &clamp);
  denom = method(in, denom, "expand_as", {a[0]}, &expand);
  return torch_fn(in, "div", a[4].is_none() ? Args{a[0], denom} : with_kw({a[0], denom}, "out", a[4]), c);
}

struct Functional {
  const char* name;
  const char* params;  // the Python signature's parameters, with defaults
  Handler handler;
};

const Functional kFunctionals[] = {
    {"relu", "input, inplace=False", relu},
    {"silu", "input, inplace=False", silu},
    {"leaky_relu", "input, negative_slope=0.01, inplace=False", leaky_relu},
    {"sigmoid", "input", sigmoid},
    {"tanh", "input", tanh},
    {"softmax", "input, dim=None, _stacklevel=3, dtype=None", softmax},
    {"log_softmax", "input, dim=None, _stacklevel=3, dtype=None", log_softmax},
    {"dropout", "input, p=0.5, training=True, inplace=False", dropout},
    {"mse_loss", "input, target, size_average=None, reduce=None, reduction='mean'", mse_loss},
    {"l1_loss", "input, target, size_average=None, reduce=None, reduction='mean'", l1_loss},
    {"smooth_l1_loss", "input, target, size_average=None, reduce=None, reduction='mean', beta=1.0", smooth_l1_loss},
    {"nll_loss", "input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'",
     nll_loss},
    {"cross_entropy",
     "input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', "
     "label_smoothing=0.0",
     cross_entropy},
    {"binary_cross_entropy", "input, target, weight=None, size_average=None, reduce=None, reduction='mean'",
     binary_cross_entropy},
    {"binary_cross_entropy_with_logits",
     "input, target, weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None",
     bce_with_logits},
    {"layer_norm", "input, normalized_shape, weight=None, bias=None, eps=1e-05", layer_norm},
    {"embedding", "input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False",
     embedding},
    {"max_pool2d", "input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False",
     max_pool2d},
    {"normalize", "input, p=2.0, dim=1, eps=1e-12, out=None", normalize},
};

// torch.X builtins functional.py re-exports under the same name.
const char* const kTorchBuiltins[] = {
    "adaptive_avg_pool1d", "avg_pool1d", "bilinear", "celu_", "channel_shuffle", "conv1d", "conv2d", "conv3d",
    "conv_tbc", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d", "cosine_similarity", "hardshrink",
    "native_channel_shuffle", "pairwise_distance", "pdist", "pixel_shuffle", "pixel_unshuffle", "prelu", "relu_",
    "rrelu_", "selu_"};

const Functional* find_functional(std::string_view name) {
  for (const auto& f : kFunctionals)
    if (name == f.name) return &f;
  return nullptr;
}

const OpFamily* fallback_op(std::string_view name) {
  if (const OpFamily* f = find_module_op(OpModule::NN, name)) return f;
  for (const char* b : kTorchBuiltins)
    if (name == b) return find_op(name);
  return nullptr;
}

}  // namespace

// Defined in functional_bind.cpp: CPython's binding of call arguments to a
// def's parameters, with its TypeError messages.
void bind_python_params(std::string_view function, std::string_view params, const Args& args, Value* out);

bool has_functional(std::string_view name) { return find_functional(name) || fallback_op(name); }

Value call_functional(Interpreter& in, std::string_view name, Args& args, CallSiteCache* cache) {
  if (const Functional* f = find_functional(name)) {
    Value bound[12];
    bind_python_params(f->name, f->params, args, bound);
    return f->handler(in, bound, cache);
  }
  if (const OpFamily* op = fallback_op(name)) return call_op(in, *op, nullptr, args, cache);
  rt::raise_attribute_error("module 'torch.nn.functional' has no attribute '" + std::string(name) + "'");
}

std::vector<std::string> all_functional_names() {
  std::vector<std::string> names;
  for (const auto& f : kFunctionals) names.emplace_back(f.name);
  for (const char* b : kTorchBuiltins) names.emplace_back(b);
  for (const auto& n : detail::family_names(false, OpModule::NN)) names.push_back(n);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

}  // namespace backstep::torchb
