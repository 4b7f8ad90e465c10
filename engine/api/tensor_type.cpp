// torch.Tensor (and nn.Parameter) as a class of the language: its slots,
// registered with the runtime at start-up (Note [runtime layering] in
// engine/CMakeLists.txt). The behaviour itself is in tensor_protocol.cpp,
// tensor_attributes.cpp and indexing.cpp.
#include "engine/api/tensor_type.h"

#include "engine/api/tensor_protocol.h"
#include "engine/api/tensor_registry.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/hashing.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <utility>

namespace backstep::api {

namespace {

using lang::BinOp;
using lang::CmpOp;
using lang::UnaryOp;

const at::Tensor& t_of(const Value& v) { return v.as_tensor(); }

template <int Op>
Value binary_slot(Interpreter& in, const Value& a, const Value& b) {
  return tensor_binary(in, static_cast<BinOp>(Op), a, b, rt::current_site());
}

template <int Op>
Value inplace_slot(Interpreter& in, const Value& a, const Value& b) {
  return tensor_inplace(in, static_cast<BinOp>(Op), a, b, rt::current_site());
}

template <size_t... I>
void fill_operators(rt::TypeSlots& s, std::index_sequence<I...>) {
  ((s.binary[I] = &binary_slot<static_cast<int>(I)>), ...);
  ((s.inplace[I] = &inplace_slot<static_cast<int>(I)>), ...);
}

Value compare_slot(Interpreter& in, const Value& self, const Value& other, CmpOp op) {
  return tensor_compare(in, op, self, other);
}

template <int Op>
Value unary_slot(Interpreter& in, const Value& v) {
  return tensor_unary(in, static_cast<UnaryOp>(Op), v);
}

Value iter_slot(Interpreter& in, const Value& self) {
  std::vector<Value> parts;
  tensor_for_each(in, self, [&](const Value& p) {
    parts.push_back(p);
    return true;
  });
  return rt::make_iterator(in, rt::make_list(std::move(parts)));
}

Value index_slot(Interpreter& in, const Value& self) {
  const at::Tensor& t = t_of(self);
  if (t.numel() != 1 || t.is_floating_point() || t.is_complex())
    rt::raise_type_error("only integer tensors of a single element can be converted to an index");
  return tensor_item(in, t);
}

Value int_slot(Interpreter& in, const Value& self) {
  Value item = tensor_item(in, t_of(self));
  if (item.is_float()) {
    double d = item.as_float();
    if (std::isnan(d)) rt::raise_value_error("cannot convert float NaN to integer");
    if (std::isinf(d)) rt::raise_overflow("cannot convert float infinity to integer");
    return static_cast<int64_t>(std::trunc(d));
  }
  return item.to_int();
}

Value float_slot(Interpreter& in, const Value& self) { return tensor_item(in, t_of(self)).to_float(); }

void setattr_slot(Interpreter& in, const Value& self, std::string_view name, const Value* v) {
  if (v && tensor_set_attr(in, self, name, *v)) return;
  rt::raise_attribute_error(fmt::format("'{}' object has no attribute '{}'", rt::type_name(self), name));
}

void setitem_slot(Interpreter& in, const Value& self, const Value& key, const Value* v) {
  if (!v) rt::raise_type_error("'Tensor' object does not support item deletion");
  tensor_set_item(in, self, key, *v);
}

const rt::TypeObject& tensor_class(const Value& v) { return tensor_type(v.as_tensor()); }

}  // namespace

void install_tensor_type() {
  static bool done = [] {
    rt::TypeObject& t = *rt::mutable_types().tensor;
    rt::TypeSlots& s = t.slots;
    s.repr = [](Interpreter& in, const Value& v) { return tensor_repr(in, t_of(v)); };
    s.str = s.repr;
    s.format = [](Interpreter& in, const Value& v, std::string_view spec) { return tensor_format(in, t_of(v), spec); };
    s.hash = [](Interpreter&, const Value& v) { return rt::hash_int(static_cast<int64_t>(rt::identity(v))); };
    s.unhashable = false;
    s.truth = [](Interpreter&, const Value& v) { return tensor_truthy(t_of(v)); };
    s.len = [](Interpreter&, const Value& v) { return tensor_len(t_of(v)); };
    s.getattr = [](Interpreter& in, const Value& v, std::string_view name) { return tensor_get_attr(in, v, name); };
    s.extra_names = &tensor_attr_names;
    s.setattr = &setattr_slot;
    s.call_method = [](Interpreter& in, const Value& v, std::string_view name, rt::Args& a) {
      return tensor_call_method(in, v, name, a, rt::current_site());
    };
    fill_operators(s, std::make_index_sequence<rt::kBinOpCount>());
    s.compare = &compare_slot;
    s.unary[static_cast<int>(UnaryOp::Neg)] = &unary_slot<static_cast<int>(UnaryOp::Neg)>;
    s.unary[static_cast<int>(UnaryOp::Pos)] = &unary_slot<static_cast<int>(UnaryOp::Pos)>;
    s.unary[static_cast<int>(UnaryOp::Invert)] = &unary_slot<static_cast<int>(UnaryOp::Invert)>;
    s.iter = &iter_slot;
    s.contains = [](Interpreter& in, const Value& v, const Value& item) { return tensor_contains(in, t_of(v), item); };
    s.getitem = [](Interpreter& in, const Value& v, const Value& key) { return tensor_get_item(in, v, key); };
    s.setitem = &setitem_slot;
    s.index = &index_slot;
    s.to_int = &int_slot;
    s.to_float = &float_slot;
    rt::add_slot_wrappers(t);
    rt::TypeObject& p = *rt::mutable_types().parameter;
    rt::TypeSlots keep_new = p.slots;
    p.slots = s;
    p.slots.new_ = keep_new.new_;
    p.slots.init = keep_new.init;
    rt::set_tensor_class_hook(&tensor_class);
    return true;
  }();
  (void)done;
}

}  // namespace backstep::api
