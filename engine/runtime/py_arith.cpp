// Operators: binary (with reflected operands), in-place, comparison and
// unary, dispatched through the operands' slots as CPython's abstract.c and
// object.c do it.
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace backstep::rt {

const char* binop_symbol(BinOp op) {
  static const char* t[] = {"+", "-", "*", "@", "/", "//", "%", "**", "<<", ">>", "&", "|", "^"};
  return t[static_cast<int>(op)];
}
const char* cmpop_symbol(CmpOp op) {
  static const char* t[] = {"==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not"};
  return t[static_cast<int>(op)];
}
const char* binop_dunder(BinOp op) {
  static const char* t[] = {"__add__",      "__sub__", "__mul__",    "__matmul__", "__truediv__",
                            "__floordiv__", "__mod__", "__pow__",    "__lshift__", "__rshift__",
                            "__and__",      "__or__",  "__xor__"};
  return t[static_cast<int>(op)];
}
const char* binop_reflected_dunder(BinOp op) {
  static const char* t[] = {"__radd__",      "__rsub__", "__rmul__",    "__rmatmul__", "__rtruediv__",
                            "__rfloordiv__", "__rmod__", "__rpow__",    "__rlshift__", "__rrshift__",
                            "__rand__",      "__ror__",  "__rxor__"};
  return t[static_cast<int>(op)];
}
const char* binop_inplace_dunder(BinOp op) {
  static const char* t[] = {"__iadd__",      "__isub__", "__imul__",    "__imatmul__", "__itruediv__",
                            "__ifloordiv__", "__imod__", "__ipow__",    "__ilshift__", "__irshift__",
                            "__iand__",      "__ior__",  "__ixor__"};
  return t[static_cast<int>(op)];
}

namespace {

using BinarySlot = Value (*)(Interpreter&, const Value&, const Value&);

[[noreturn]] void unsupported(BinOp op, const Value& a, const Value& b, const char* suffix = "") {
  raise_type_error(fmt::format("unsupported operand type(s) for {}{}: '{}' and '{}'", binop_symbol(op), suffix,
                               type_name(a), type_name(b)));
}

// After every slot declined: the messages CPython's sequence concat and
// repeat give ("can only concatenate list (not "tuple") to list").
void sequence_error(BinOp op, const Value& a, const Value& b) {
  auto is_seq = [](const Value& v) { return v.as<ListObject>() || v.as<TupleObject>() || v.as<StrObject>(); };
  if (op == BinOp::Add && is_seq(a))
    raise_type_error(fmt::format("can only concatenate {} (not \"{}\") to {}", type_name(a), type_name(b), type_name(a)));
  if (op == BinOp::Mul && (is_seq(a) || is_seq(b)))
    raise_type_error(fmt::format("can't multiply sequence by non-int of type '{}'", type_name(is_seq(a) ? b : a)));
}

// CPython's binary_op1: the left operand's slot, unless the right operand's
// class is a subclass of the left's with its own slot, which goes first.
Value binary_op1(Interpreter& in, BinOp op, const Value& a, const Value& b) {
  const TypeObject& ta = type_of(a);
  const TypeObject& tb = type_of(b);
  size_t i = static_cast<size_t>(op);
  BinarySlot slotv = ta.slots.binary[i];
  BinarySlot slotw = &tb != &ta ? tb.slots.binary[i] : nullptr;
  if (slotw == slotv) slotw = nullptr;
  if (slotv) {
    if (slotw && tb.is_subtype_of(ta)) {
      Value r = slotw(in, a, b);
      if (!is_not_implemented(r)) return r;
      slotw = nullptr;
    }
    Value r = slotv(in, a, b);
    if (!is_not_implemented(r)) return r;
  }
  if (slotw) return slotw(in, a, b);
  return not_implemented();
}

Value swapped_compare(Interpreter& in, const TypeObject& t, const Value& self, const Value& other, CmpOp op) {
  static const CmpOp swapped[] = {CmpOp::Eq, CmpOp::Ne, CmpOp::Gt, CmpOp::Ge, CmpOp::Lt, CmpOp::Le};
  return t.slots.compare(in, self, other, swapped[static_cast<int>(op)]);
}

}  // namespace

namespace {
// The common cases, without a slot lookup: int with int where the result
// fits in 64 bits and needs no rounding rule beyond C++'s, a float with a
// float, int or bool where IEEE arithmetic is Python's. Everything else (overflow, division,
// a zero divisor, negative operands of // and %) goes through the slots.
inline bool fast_number_binary(BinOp op, const Value& a, const Value& b, Value& out) {
  if (a.is_int() && b.is_int()) {
    int64_t x = a.as_int(), y = b.as_int(), r;
    switch (op) {
      case BinOp::Add: if (__builtin_add_overflow(x, y, &r)) return false; break;
      case BinOp::Sub: if (__builtin_sub_overflow(x, y, &r)) return false; break;
      case BinOp::Mul: if (__builtin_mul_overflow(x, y, &r)) return false; break;
      case BinOp::FloorDiv: if (x < 0 || y <= 0) return false; r = x / y; break;
      case BinOp::Mod: if (x < 0 || y <= 0) return false; r = x % y; break;
      default: return false;
    }
    out = Value(r);
    return true;
  }
  if ((a.is_float() && b.is_number()) || (b.is_float() && a.is_number())) {
    double x = a.to_float(), y = b.to_float();  // an int operand converts as float(int) does
    switch (op) {
      case BinOp::Add: out = Value(x + y); return true;
      case BinOp::Sub: out = Value(x - y); return true;
      case BinOp::Mul: out = Value(x * y); return true;
      case BinOp::Div: if (y == 0.0) return false; out = Value(x / y); return true;
      default: return false;
    }
  }
  return false;
}
}  // namespace

Value binary(Interpreter& in, BinOp op, const Value& a, const Value& b, std::shared_ptr<void>* site) {
  if (Value fast; fast_number_binary(op, a, b, fast)) return fast;
  Value r;
  {
    SiteScope scope(site);
    // Tensors with tensors or numbers: straight to the tensor class's slot
    // (nn.Parameter shares it), without asking which subclass a tensor is.
    if ((a.is_tensor() && (b.is_tensor() || b.is_number())) || (b.is_tensor() && a.is_number()))
      r = types().tensor->slots.binary[static_cast<size_t>(op)](in, a, b);
    else
      r = binary_op1(in, op, a, b);
  }
  if (!is_not_implemented(r)) return r;
  sequence_error(op, a, b);
  unsupported(op, a, b);
}

Value inplace_binary(Interpreter& in, BinOp op, const Value& a, const Value& b, std::shared_ptr<void>* site) {
  // ints and floats have no in-place operators: `a op= b` is `a op b`.
  if (Value fast; fast_number_binary(op, a, b, fast)) return fast;
  const TypeObject& ta = type_of(a);
  SiteScope scope(site);
  if (BinarySlot islot = ta.slots.inplace[static_cast<size_t>(op)]) {
    Value r = islot(in, a, b);
    if (!is_not_implemented(r)) return r;
  }
  Value r = binary_op1(in, op, a, b);
  if (!is_not_implemented(r)) return r;
  sequence_error(op, a, b);
  unsupported(op, a, b, "=");
}

Value compare(Interpreter& in, CmpOp op, const Value& a, const Value& b) {
  switch (op) {
    case CmpOp::Is: return is_same(a, b);
    case CmpOp::IsNot: return !is_same(a, b);
    case CmpOp::In: return contains(in, b, a);
    case CmpOp::NotIn: return !contains(in, b, a);
    default: break;
  }
  if (a.is_int() && b.is_int()) {
    int64_t x = a.as_int(), y = b.as_int();
    switch (op) {
      case CmpOp::Eq: return x == y;
      case CmpOp::Ne: return x != y;
      case CmpOp::Lt: return x < y;
      case CmpOp::Le: return x <= y;
      case CmpOp::Gt: return x > y;
      default: return x >= y;
    }
  }
  // CPython's do_richcompare: a subclass's reflected comparison first.
  const TypeObject& ta = type_of(a);
  const TypeObject& tb = type_of(b);
  bool checked_reverse = false;
  if (&ta != &tb && tb.is_subtype_of(ta) && tb.slots.compare) {
    checked_reverse = true;
    Value r = swapped_compare(in, tb, b, a, op);
    if (!is_not_implemented(r)) return r;
  }
  if (ta.slots.compare) {
    Value r = ta.slots.compare(in, a, b, op);
    if (!is_not_implemented(r)) return r;
  }
  if (!checked_reverse && tb.slots.compare) {
    Value r = swapped_compare(in, tb, b, a, op);
    if (!is_not_implemented(r)) return r;
  }
  if (op == CmpOp::Eq) return is_same(a, b);
  if (op == CmpOp::Ne) return !is_same(a, b);
  raise_type_error(fmt::format("'{}' not supported between instances of '{}' and '{}'", cmpop_symbol(op),
                               ta.name(), tb.name()));
}

Value unary(Interpreter& in, UnaryOp op, const Value& v) {
  if (op == UnaryOp::Not) return !truthy(in, v);
  if (v.is_int() && op == UnaryOp::Neg && v.as_int() != std::numeric_limits<int64_t>::min()) return -v.as_int();
  const TypeObject& t = type_of(v);
  if (auto slot = t.slots.unary[static_cast<size_t>(op)]) return slot(in, v);
  static const char* names[] = {"unary -", "unary +", "unary ~", "not"};
  raise_type_error(fmt::format("bad operand type for {}: '{}'", names[static_cast<int>(op)], t.name()));
}

}  // namespace backstep::rt
