#include "engine/torch/convert.h"
#include "engine/torch/cuda_runtime.h"

#include "engine/runtime/big_int.h"
#include "engine/torch/complex_value.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/torch/arg_parser.h"
#include "engine/torch/generator_object.h"
#include "engine/torch/torch_objects.h"

#include <ATen/ScalarOps.h>
#include <fmt/format.h>

#include <mutex>
#include <unordered_map>

namespace backstep::torchb::detail {

using rt::Value;

namespace {

c10::Scalar to_scalar(const Value& v) {
  if (v.is_bool()) return c10::Scalar(v.as_bool());
  if (v.is_int()) return c10::Scalar(v.as_int());
  if (v.is_float()) return c10::Scalar(v.as_float());
  if (const mpz_class* b = rt::big_int_of(v)) {  // beyond int64: uint64 where it fits, as PyTorch
    if (sgn(*b) > 0 && mpz_sizeinbase(b->get_mpz_t(), 2) <= 64) return c10::Scalar(static_cast<uint64_t>(mpz_get_ui(b->get_mpz_t())));
    rt::raise_overflow("int too big to convert");
  }
  return v.as_tensor().item();  // a 0-dim tensor, checked by the matcher
}

[[noreturn]] void bad_element(const Signature& sig, const Param& p, const Value& item, size_t idx) {
  rt::raise_type_error(fmt::format("{}(): argument '{}' must be {}, but found element of type {} at pos {}",
                                   sig.name, p.name, ptype_display_name(p.type), py_type_name(item), idx + 1));
}

// THPUtils_unpackIndex: ints, bools (as 0/1) and one-element integer tensors.
// The matcher checked only the first element; PyTorch reports a later one
// with this wording (sic: no space after the comma).
int64_t unpack_index(const Signature& sig, const Param& p, const Value& item, size_t idx) {
  if (item.is_int() || item.is_bool()) return item.to_int();
  if (is_index(item)) return item.as_tensor().item<int64_t>();
  rt::raise_type_error(fmt::format(
      "{}(): argument '{}' failed to unpack the object at pos {} with error \"type must be {},but got {}\"",
      sig.name, p.name, idx + 1, ptype_display_name(p.type), py_type_name(item)));
}

c10::IValue int_list(const Signature& sig, const Param& p, const Value* v, bool varargs, const rt::Args& args) {
  c10::List<int64_t> out;
  if (!varargs && !sequence_items(*v)) {  // int[2] stride=1 means (1, 1); an index tensor too
    int64_t n = unpack_index(sig, p, *v, 0);
    for (int i = 0; i < p.size; ++i) out.push_back(n);
    return out;
  }
  const Value* items = varargs ? args.pos.data() : sequence_items(*v)->data();
  size_t n = varargs ? args.pos.size() : sequence_items(*v)->size();
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) out.push_back(unpack_index(sig, p, items[i], i));
  return out;
}

c10::IValue list_value(const Signature& sig, const Param& p, const Value& v) {
  const auto& items = *sequence_items(v);
  switch (p.type) {
    case PType::TensorList: {
      c10::List<at::Tensor> l;
      l.reserve(items.size());
      for (const auto& t : items) l.push_back(t.as_tensor());
      return l;
    }
    case PType::OptTensorList: {
      c10::List<c10::optional<at::Tensor>> l;
      l.reserve(items.size());
      for (const auto& t : items) l.push_back(t.as_tensor());
      return l;
    }
    case PType::FloatList: {
      c10::List<double> l;
      for (size_t i = 0; i < items.size(); ++i) {
        if (!items[i].is_number()) bad_element(sig, p, items[i], i);
        l.push_back(items[i].to_float());
      }
      return l;
    }
    case PType::ScalarList: {
      c10::impl::GenericList l(c10::NumberType::get());
      for (const auto& s : items) l.push_back(c10::IValue(to_scalar(s)));
      return l;
    }
    default: return {};
  }
}

}  // namespace

at::Tensor wrapped_number(const Value& v) {
  at::Tensor t = at::scalar_to_tensor(to_scalar(v));
  t.unsafeGetTensorImpl()->set_wrapped_number(true);
  return t;
}

c10::IValue to_ivalue(const Signature& sig, const Param& p, const Value* v, bool varargs, const rt::Args& args) {
  switch (p.type) {
    case PType::Tensor: return v->is_tensor() ? c10::IValue(v->as_tensor()) : c10::IValue(wrapped_number(*v));
    case PType::Scalar:
    case PType::Complex: return to_scalar(*v);
    case PType::Double: return v->is_tensor() ? v->as_tensor().item<double>() : rt::is_big_int(*v) ? rt::number_to_double(*v) : v->to_float();
    case PType::Int: return v->is_int() ? v->as_int() : v->as_tensor().item<int64_t>();
    case PType::SymInt: return v->is_int() ? v->as_int() : v->as_tensor().item<int64_t>();
    case PType::Bool:
      // Pinned memory is CUDA's: PyTorch starts CUDA for it, and raises its
      // error where it cannot (Tensor.pin_memory() is checked in op_call).
      if (v->as_bool() && p.name == "pin_memory") ensure_cuda_initialized();
      return v->as_bool();
    case PType::IntList:
    case PType::SymIntList: return int_list(sig, p, v, varargs, args);
    case PType::TensorList:
    case PType::OptTensorList:
    case PType::FloatList:
    case PType::ScalarList: return list_value(sig, p, *v);
    case PType::ScalarType: return *as_dtype(*v);
    case PType::Layout: return v->as<LayoutObject>()->layout;
    case PType::MemoryFormat: return v->as<MemoryFormatObject>()->format;
    case PType::Device: {
      c10::Device d = parse_device(*v);
      check_device_available(d);
      return d;
    }
    case PType::String: return v->as<rt::StrObject>()->value;
    case PType::Generator: return c10::IValue(v->as<GeneratorObject>()->gen);
    default: return {};
  }
}

// --- results ------------------------------------------------------------------

namespace {

// torch.return_types.<name> classes, created on first use, never freed.
const rt::TypeObject* return_type(const std::string& name) {
  static std::mutex mu;
  static auto* types = new std::unordered_map<std::string, rt::TypeObject*>();
  std::lock_guard<std::mutex> lock(mu);
  auto& t = (*types)[name];
  if (!t) t = rt::new_type(name, "torch.return_types", rt::mutable_types().tuple);
  return t;
}

Value list_result(const c10::TypePtr& elem, c10::IValue&& v) {
  std::vector<Value> items;
  for (auto& item : v.toListRef()) items.push_back(from_ivalue(elem, c10::IValue(item)));
  return rt::make_tuple(std::move(items));
}

}  // namespace

Value from_ivalue(const c10::TypePtr& type, c10::IValue&& v) {
  using c10::TypeKind;
  if (v.isNone()) return Value();
  switch (type->kind()) {
    case TypeKind::OptionalType:
      return from_ivalue(type->castRaw<c10::OptionalType>()->getElementType(), std::move(v));
    case TypeKind::ListType:
      return list_result(type->castRaw<c10::ListType>()->getElementType(), std::move(v));
    case TypeKind::ScalarTypeType: return dtype_object(v.toScalarType());
    case TypeKind::LayoutType: return layout_object(v.toLayout());
    case TypeKind::MemoryFormatType: return memory_format_object(v.toMemoryFormat());
    case TypeKind::DeviceObjType: return device_object(v.toDevice());
    default: break;
  }
  if (v.isTensor()) {
    at::Tensor t = std::move(v).toTensor();
    return t.defined() ? Value(std::move(t)) : Value();
  }
  if (v.isBool()) return Value(v.toBool());
  if (v.isInt()) return Value(v.toInt());
  if (v.isDouble()) return Value(v.toDouble());
  if (v.isString()) return rt::make_str(v.toStringRef());
  if (v.isTensorList() || v.isList()) return list_result(c10::AnyType::get(), std::move(v));
  if (v.isComplexDouble()) return complex_value(v.toComplexDouble());
  rt::raise_type_error("cannot convert an operator result of type " + v.tagKind());
}

Value from_returns(const c10::FunctionSchema& schema, torch::jit::Stack& stack) {
  const auto& returns = schema.returns();
  if (returns.empty()) return Value();
  if (returns.size() == 1) return from_ivalue(returns[0].real_type(), std::move(stack[0]));
  std::vector<Value> items;
  bool named = true;
  for (size_t i = 0; i < returns.size(); ++i) {
    items.push_back(from_ivalue(returns[i].real_type(), std::move(stack[i])));
    named = named && !returns[i].name().empty();
  }
  if (!named) return rt::make_tuple(std::move(items));
  // torchgen names the type after cpp.name(): the base name, "_out" for out=.
  std::string name = schema.name().substr(schema.name().find("::") + 2);
  if (is_out_schema(schema)) name += "_out";
  auto tuple = std::make_shared<rt::TupleObject>(std::move(items), rt::TupleObject::Flavour::Named);
  tuple->named_type = return_type(name);
  for (const auto& r : returns) tuple->field_names.push_back(r.name());
  return Value(std::move(tuple));
}

}  // namespace backstep::torchb::detail
