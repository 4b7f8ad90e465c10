// torch.tensor(data) and torch.as_tensor(data): tensors from nested Python
// sequences, with PyTorch's dtype inference (torch/csrc/utils/tensor_new.cpp:
// bools stay bool, ints become int64, any float makes the default dtype).
#include "engine/api/tensor_factory.h"

#include "engine/runtime/big_int.h"
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/torch/complex_value.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ATen.h>
#include <fmt/format.h>

namespace backstep::api {

namespace {

using rt::Value;

const std::vector<Value>* items_of(const Value& v) {
  if (auto* l = v.as<rt::ListObject>()) return &l->items;
  if (auto* t = v.as<rt::TupleObject>()) return &t->items;
  return nullptr;
}

// The shape of nested sequences, from the first element at each level (as
// PyTorch does); ragged data is caught while filling.
std::vector<int64_t> infer_shape(const Value& v) {
  std::vector<int64_t> shape;
  const Value* cur = &v;
  while (const auto* items = items_of(*cur)) {
    shape.push_back(static_cast<int64_t>(items->size()));
    if (items->empty()) break;
    cur = &(*items)[0];
  }
  if (cur->is_tensor())
    for (int64_t s : cur->as_tensor().sizes()) shape.push_back(s);
  return shape;
}

c10::ScalarType promote(c10::ScalarType a, c10::ScalarType b) { return c10::promoteTypes(a, b); }

// Scalar type of the data: the widest kind seen (bool < int < float).
void infer_type(const Value& v, std::optional<c10::ScalarType>& st) {
  auto join = [&](c10::ScalarType t) { st = st ? promote(*st, t) : t; };
  if (const auto* items = items_of(v)) {
    for (const auto& x : *items) infer_type(x, st);
    return;
  }
  if (v.is_bool()) join(c10::ScalarType::Bool);
  else if (v.is_int()) join(c10::ScalarType::Long);
  else if (v.is_float()) join(c10::typeMetaToScalarType(at::get_default_dtype()));
  else if (v.is_tensor()) join(v.as_tensor().scalar_type());
  else if (rt::is_big_int(v)) rt::raise_value_error("Overflow when unpacking long long");
  else if (torchb::complex_of(v)) join(c10::toComplexType(c10::typeMetaToScalarType(at::get_default_dtype())));
  else
    rt::raise_type_error(fmt::format("new(): invalid data type '{}'", rt::type_name(v)));
}

void fill(Interpreter& in, const Value& v, const std::vector<int64_t>& shape, size_t dim, at::Tensor& out,
          std::vector<int64_t>& index) {
  const auto* items = items_of(v);
  if (dim == shape.size() || (!items && v.is_tensor())) {
    at::Tensor slot = out;
    for (int64_t i : index) slot = slot.select(0, i);
    if (v.is_tensor()) {
      slot.copy_(v.as_tensor().detach());
    } else if (items) {
      rt::raise_value_error(fmt::format("expected sequence of length {} at dim {} (got {})", 0, dim, items->size()));
    } else if (v.is_bool()) {
      slot.fill_(v.as_bool());
    } else if (v.is_int()) {
      slot.fill_(v.as_int());
    } else if (auto z = torchb::complex_of(v)) {
      slot.fill_(*z);
    } else {
      slot.fill_(v.as_float());
    }
    return;
  }
  if (!items)
    rt::raise_type_error(fmt::format("new(): invalid data type '{}'", rt::type_name(v)));
  if (static_cast<int64_t>(items->size()) != shape[dim])
    rt::raise_value_error(fmt::format("expected sequence of length {} at dim {} (got {})", shape[dim], dim, items->size()));
  for (size_t i = 0; i < items->size(); ++i) {
    index.push_back(static_cast<int64_t>(i));
    fill(in, (*items)[i], shape, dim + 1, out, index);
    index.pop_back();
  }
}

}  // namespace

at::Tensor tensor_from_data(Interpreter& in, const Value& data, std::optional<c10::ScalarType> dtype,
                            std::optional<c10::Device> device) {
  if (data.as<rt::StrObject>()) rt::raise_type_error("new(): invalid data type 'str'");
  std::vector<int64_t> shape = infer_shape(data);
  std::optional<c10::ScalarType> inferred;
  infer_type(data, inferred);
  c10::ScalarType st = dtype ? *dtype : inferred ? *inferred : c10::typeMetaToScalarType(at::get_default_dtype());
  // Fill in a wide type first so Python numbers convert exactly once, as
  // PyTorch stores each element with its own conversion.
  at::Tensor out = at::empty(shape, at::TensorOptions().dtype(st));
  std::vector<int64_t> index;
  {
    // Building the data is not part of any graph, and like PyTorch's own
    // constructor it must leave the new tensor at version 0.
    at::AutoDispatchBelowADInplaceOrView below_autograd;
    fill(in, data, shape, 0, out, index);
  }
  if (device && *device != out.device()) out = out.to(*device);
  return out;
}

Value torch_tensor(Interpreter& in, rt::Args& args) {
  auto a = rt::bind_args(args, "tensor", {"data", "dtype", "device", "requires_grad", "pin_memory"}, 1, 1);
  std::optional<c10::ScalarType> dtype;
  if (a[1] && !a[1]->is_none()) {
    dtype = torchb::as_dtype(*a[1]);
    if (!dtype) rt::raise_type_error(fmt::format("tensor(): argument 'dtype' must be torch.dtype, not {}", rt::type_name(*a[1])));
  }
  std::optional<c10::Device> device;
  if (a[2] && !a[2]->is_none()) {
    device = torchb::parse_device(*a[2]);
    torchb::check_device_available(*device);
  }
  at::Tensor t;
  if (a[0]->is_tensor()) {
    in.sink().err(
        "UserWarning: To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() or "
        "sourceTensor.clone().detach().requires_grad_(True), rather than torch.tensor(sourceTensor).\n");
    t = a[0]->as_tensor().detach().clone();
    if (dtype) t = t.to(*dtype);
    if (device) t = t.to(*device);
  } else {
    t = tensor_from_data(in, *a[0], dtype, device);
  }
  if (rt::bool_arg(in, a[3], false)) {
    if (!(t.is_floating_point() || t.is_complex()))
      rt::raise_runtime_error("Only Tensors of floating point and complex dtype can require gradients");
    t.set_requires_grad(true);
  }
  return Value(t);
}

Value torch_as_tensor(Interpreter& in, rt::Args& args) {
  auto a = rt::bind_args(args, "as_tensor", {"data", "dtype", "device"}, 1);
  std::optional<c10::ScalarType> dtype = a[1] && !a[1]->is_none() ? torchb::as_dtype(*a[1]) : std::nullopt;
  std::optional<c10::Device> device = a[2] && !a[2]->is_none() ? std::optional<c10::Device>(torchb::parse_device(*a[2])) : std::nullopt;
  if (a[0]->is_tensor()) {
    at::Tensor t = a[0]->as_tensor();
    if (dtype) t = t.to(*dtype);
    if (device) t = t.to(*device);
    return Value(t);
  }
  return Value(tensor_from_data(in, *a[0], dtype, device));
}

}  // namespace backstep::api
