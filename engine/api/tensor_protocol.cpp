// torch.Tensor's Python protocol: printing, operators, truthiness, len,
// iteration. Attributes and methods are in tensor_attributes.cpp, indexing in
// indexing.cpp.
#include "engine/api/tensor_protocol.h"

#include "engine/api/op_site.h"
#include "engine/api/tensor_registry.h"
#include "engine/api/uninitialized_tensors.h"
#include "engine/format/tensor_repr.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/str_format.h"
#include "engine/torch/bridge.h"
#include "engine/torch/torch_objects.h"

#include <fmt/format.h>

namespace backstep::api {

using lang::BinOp;
using lang::CmpOp;
using lang::UnaryOp;

std::string tensor_repr(Interpreter&, const at::Tensor& t) {
  switch (uninitialized_kind(t)) {  // Note [Uninitialized placeholders]
    case Uninitialized::Parameter: return "<UninitializedParameter>";
    case Uninitialized::Buffer: return "<UninitializedBuffer>";
    case Uninitialized::No: break;
  }
  format::TensorReprExtras extras;
  extras.is_parameter = TensorRegistry::instance().is_parameter(t);
  return format::tensor_repr(t, extras);
}

const rt::TypeObject& tensor_type(const at::Tensor& t) {
  return TensorRegistry::instance().is_parameter(t) ? *rt::types().parameter : *rt::types().tensor;
}

namespace {

// Calls Tensor.<name>(args...) through the bridge.
Value method(Interpreter& in, const Value& self, const char* name, std::initializer_list<Value> args) {
  const torchb::OpFamily* fam = torchb::find_method(name);
  if (!fam) rt::raise_runtime_error(fmt::format("internal error: Tensor.{} is not available", name));
  rt::Args a(args);
  return torchb::call_op(in, *fam, &self, a, nullptr);
}

// Calls torch.<name>(args...) through the bridge.
Value function(Interpreter& in, const char* name, std::initializer_list<Value> args) {
  const torchb::OpFamily* fam = torchb::find_op(name);
  if (!fam) rt::raise_runtime_error(fmt::format("internal error: torch.{} is not available", name));
  rt::Args a(args);
  return torchb::call_op(in, *fam, nullptr, a, nullptr);
}

// PyTorch wraps its operator methods so that a TypeError from argument
// parsing becomes NotImplemented: the other operand's reflected method runs
// next, and if none takes it Python raises "unsupported operand type(s)".
// Errors from the operation itself pass through.
template <class F>
Value or_not_implemented(F f) {
  try {
    return f();
  } catch (const rt::ScriptError& e) {
    if (&e.type() == rt::exc_types().type_error) return rt::not_implemented();
    throw;
  }
}

const char* forward_name(BinOp op) {
  switch (op) {
    case BinOp::Add: return "add";
    case BinOp::Sub: return "sub";
    case BinOp::Mul: return "mul";
    case BinOp::Div: return "div";
    case BinOp::FloorDiv: return "floor_divide";
    case BinOp::Mod: return "remainder";
    case BinOp::Pow: return "pow";
    case BinOp::MatMul: return "matmul";
    case BinOp::BitAnd: return "__and__";
    case BinOp::BitOr: return "__or__";
    case BinOp::BitXor: return "__xor__";
    case BinOp::LShift: return "__lshift__";
    case BinOp::RShift: return "__rshift__";
  }
  return "";
}

const char* inplace_name(BinOp op) {
  switch (op) {
    case BinOp::Add: return "add_";
    case BinOp::Sub: return "sub_";
    case BinOp::Mul: return "mul_";
    case BinOp::Div: return "div_";
    case BinOp::FloorDiv: return "floor_divide_";
    case BinOp::Mod: return "remainder_";
    case BinOp::Pow: return "pow_";
    case BinOp::BitAnd: return "__iand__";
    case BinOp::BitOr: return "__ior__";
    case BinOp::BitXor: return "__ixor__";
    case BinOp::LShift: return "__ilshift__";
    case BinOp::RShift: return "__irshift__";
    case BinOp::MatMul: return nullptr;  // no __imatmul__: Python falls back to x = x @ y
  }
  return nullptr;
}

// other <op> tensor, when `other` is not a tensor: Tensor.__r<op>__ as
// torch/_tensor.py defines it.
Value reflected(Interpreter& in, BinOp op, const Value& other, const Value& t) {
  switch (op) {
    case BinOp::Add:
    case BinOp::Mul:
    case BinOp::BitAnd:
    case BinOp::BitOr:
    case BinOp::BitXor: return method(in, t, forward_name(op), {other});
    case BinOp::Sub: return function(in, "rsub", {t, other});
    case BinOp::Div: return rt::binary(in, BinOp::Mul, method(in, t, "reciprocal", {}), other);
    case BinOp::FloorDiv: return function(in, "floor_divide", {other, t});
    case BinOp::Mod: return function(in, "remainder", {other, t});
    case BinOp::MatMul: return function(in, "matmul", {other, t});
    case BinOp::LShift: return function(in, "bitwise_left_shift", {other, t});
    case BinOp::RShift: return function(in, "bitwise_right_shift", {other, t});
    case BinOp::Pow: {
      if (!other.is_number()) return rt::not_implemented();
      // torch.tensor(other, dtype=torch.result_type(other, self), device=self.device) ** self
      Value dtype = function(in, "result_type", {other, t});
      auto st = torchb::as_dtype(dtype);
      const at::Tensor& self = t.as_tensor();
      at::Tensor base = other.is_float() ? at::scalar_tensor(other.as_float(), at::TensorOptions().dtype(*st).device(self.device()))
                        : other.is_bool() ? at::scalar_tensor(other.as_bool(), at::TensorOptions().dtype(*st).device(self.device()))
                                          : at::scalar_tensor(other.to_int(), at::TensorOptions().dtype(*st).device(self.device()));
      return method(in, Value(base), "pow", {t});
    }
  }
  return rt::not_implemented();
}

// tensor <op> other through the call site's cache: the overload is
// resolved once per site, as for method calls.
Value cached_method(Interpreter& in, const Value& self, const char* name, const Value& other,
                    std::shared_ptr<void>* site) {
  OpSite* s = op_site(site, OpSite::Kind::Operator, [&] { return torchb::find_method(name); });
  if (!s) return method(in, self, name, {other});
  rt::Args a{other};
  return torchb::call_op(in, *s->family, &self, a, &s->cache);
}

}  // namespace

std::optional<Value> call_operator_at_site(Interpreter& in, const Value& callee, Args& args,
                                           std::shared_ptr<void>* site) {
  const torchb::OpFamily* family = torchb::op_family_of(callee);
  if (!family) return std::nullopt;
  OpSite* s = op_site(site, OpSite::Kind::Function, [&] { return family; });
  if (s && s->family != family) {  // the site now calls another function: start over
    site->reset();
    s = op_site(site, OpSite::Kind::Function, [&] { return family; });
  }
  return torchb::call_op(in, *family, nullptr, args, &s->cache);
}

Value tensor_binary(Interpreter& in, BinOp op, const Value& a, const Value& b, std::shared_ptr<void>* site) {
  return or_not_implemented([&] {
    if (a.is_tensor()) return cached_method(in, a, forward_name(op), b, site);
    return reflected(in, op, a, b);
  });
}

Value tensor_inplace(Interpreter& in, BinOp op, const Value& a, const Value& b, std::shared_ptr<void>* site) {
  const char* name = inplace_name(op);
  if (!name) return rt::not_implemented();  // x @= y is x = x @ y
  return or_not_implemented([&] { return cached_method(in, a, name, b, site); });
}

Value tensor_compare(Interpreter& in, CmpOp op, const Value& a, const Value& b) {
  // Tensor.__eq__(None) is False (and __ne__ True) rather than an error.
  if ((op == CmpOp::Eq || op == CmpOp::Ne) && (a.is_none() || b.is_none())) return Value(op == CmpOp::Ne);
  static const char* names[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  static const CmpOp mirror[] = {CmpOp::Eq, CmpOp::Ne, CmpOp::Gt, CmpOp::Ge, CmpOp::Lt, CmpOp::Le};
  int i = static_cast<int>(op);
  try {
    if (a.is_tensor()) return method(in, a, names[i], {b});
    return method(in, b, names[static_cast<int>(mirror[i])], {a});
  } catch (const rt::ScriptError& e) {
    if (&e.type() != rt::exc_types().type_error) throw;
    return rt::not_implemented();  // the other operand's turn, then identity or TypeError
  }
}

Value tensor_unary(Interpreter& in, UnaryOp op, const Value& v) {
  switch (op) {
    case UnaryOp::Neg: return method(in, v, "neg", {});
    case UnaryOp::Pos: return method(in, v, "positive", {});
    case UnaryOp::Invert: return method(in, v, "bitwise_not", {});
    case UnaryOp::Not: return Value(!tensor_truthy(v.as_tensor()));
  }
  return Value();
}

bool tensor_truthy(const at::Tensor& t) {
  int64_t n = t.numel();
  if (n == 0) rt::raise_runtime_error("Boolean value of Tensor with no values is ambiguous");
  if (n > 1) rt::raise_runtime_error("Boolean value of Tensor with more than one value is ambiguous");
  return t.is_nonzero();
}

int64_t tensor_len(const at::Tensor& t) {
  if (t.dim() == 0) rt::raise_type_error("len() of a 0-d tensor");
  return t.size(0);
}

bool tensor_contains(Interpreter& in, const at::Tensor& t, const Value& item) {
  if (!item.is_tensor() && !item.is_number())
    rt::raise_runtime_error(fmt::format("Tensor.__contains__ only supports Tensor or scalar, but you passed in a {}.",
                                        rt::repr(in, rt::type_value(rt::type_of(item)))));
  Value eq = rt::compare(in, CmpOp::Eq, item, Value(t));
  return rt::truthy(in, method(in, eq, "any", {}));
}

void tensor_for_each(Interpreter& in, const Value& self, const std::function<bool(const Value&)>& f) {
  if (self.as_tensor().dim() == 0) rt::raise_type_error("iteration over a 0-d tensor");
  Value parts = method(in, self, "unbind", {Value(int64_t(0))});
  for (const auto& p : rt::to_vector(in, parts))
    if (!f(p)) return;
}

Value tensor_item(Interpreter& in, const at::Tensor& t) {
  if (t.numel() != 1)
    rt::raise_value_error(fmt::format("only one element tensors can be converted to Python scalars"));
  return method(in, Value(t), "item", {});
}

std::string tensor_format(Interpreter& in, const at::Tensor& t, std::string_view spec) {
  if (t.dim() == 0 && !t.is_meta()) return rt::format_value(in, tensor_item(in, t), spec);
  if (!spec.empty()) rt::raise_type_error("unsupported format string passed to Tensor.__format__");
  return tensor_repr(in, t);
}

}  // namespace backstep::api
