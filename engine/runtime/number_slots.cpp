// int, float and bool: their arithmetic, comparison, hashing and
// conversion slots, with CPython's semantics and messages. Instances of
// subclasses of int and float (BoxedNumber) use the same slots.
#include "engine/format/float_repr.h"
#include "engine/runtime/big_int.h"
#include "engine/runtime/builtin_slots.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/hashing.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/str_format.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace backstep::rt {
namespace {

// Runs a __builtin_*_overflow; on overflow the exact result, as a big int.
// (The result must be read after the builtin ran, never passed alongside it.)
template <class Op>
Value checked_op(Op op, BinOp which, int64_t a, int64_t b) {
  int64_t r;
  if (op(a, b, &r)) return promoted_int_binary(which, a, b);
  return r;
}

int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

Value int_pow(int64_t base, int64_t exp) {
  int64_t result = 1, b = base, e = exp;
  while (e > 0) {
    if ((e & 1) && __builtin_mul_overflow(result, b, &result)) return promoted_int_binary(BinOp::Pow, base, exp);
    e >>= 1;
    if (e && __builtin_mul_overflow(b, b, &b)) return promoted_int_binary(BinOp::Pow, base, exp);
  }
  return result;
}

Value int_binary(BinOp op, int64_t a, int64_t b) {
  switch (op) {
    case BinOp::Add: return checked_op([](int64_t x, int64_t y, int64_t* r) { return __builtin_add_overflow(x, y, r); }, op, a, b);
    case BinOp::Sub: return checked_op([](int64_t x, int64_t y, int64_t* r) { return __builtin_sub_overflow(x, y, r); }, op, a, b);
    case BinOp::Mul: return checked_op([](int64_t x, int64_t y, int64_t* r) { return __builtin_mul_overflow(x, y, r); }, op, a, b);
    case BinOp::Div:
      if (b == 0) raise_zero_division("division by zero");
      if (std::llabs(a) > (int64_t(1) << 53) || std::llabs(b) > (int64_t(1) << 53))  // not exact as doubles
        return int_true_divide(mpz_of_int64(a), mpz_of_int64(b));
      return static_cast<double>(a) / static_cast<double>(b);
    case BinOp::FloorDiv:
      if (b == 0) raise_zero_division("integer division or modulo by zero");
      if (b == -1 && a == std::numeric_limits<int64_t>::min()) return promoted_int_binary(op, a, b);
      return floor_div(a, b);
    case BinOp::Mod: {
      if (b == 0) raise_zero_division("integer modulo by zero");
      if (b == -1) return int64_t(0);  // INT64_MIN % -1 would trap
      int64_t m = a % b;
      return (m != 0 && ((m < 0) != (b < 0))) ? m + b : m;
    }
    case BinOp::Pow:
      if (b < 0) {
        if (a == 0) raise_zero_division("0.0 cannot be raised to a negative power");
        return std::pow(static_cast<double>(a), static_cast<double>(b));
      }
      return int_pow(a, b);
    case BinOp::LShift:
      if (b < 0) raise_value_error("negative shift count");
      if (b >= 63 || (a != 0 && (a > (std::numeric_limits<int64_t>::max() >> b) || a < (std::numeric_limits<int64_t>::min() >> b))))
        return promoted_int_binary(op, a, b);
      return a << b;
    case BinOp::RShift:
      if (b < 0) raise_value_error("negative shift count");
      return b >= 63 ? (a < 0 ? -1 : 0) : a >> b;
    case BinOp::BitAnd: return a & b;
    case BinOp::BitOr: return a | b;
    case BinOp::BitXor: return a ^ b;
    case BinOp::MatMul: break;
  }
  return not_implemented();
}

Value float_binary(BinOp op, double a, double b) {
  switch (op) {
    case BinOp::Add: return a + b;
    case BinOp::Sub: return a - b;
    case BinOp::Mul: return a * b;
    case BinOp::Div:
      if (b == 0) raise_zero_division("float division by zero");
      return a / b;
    case BinOp::FloorDiv:
      if (b == 0) raise_zero_division("float floor division by zero");
      return std::floor(a / b);
    case BinOp::Mod: {
      if (b == 0) raise_zero_division("float modulo");
      double m = std::fmod(a, b);
      if (m != 0 && ((m < 0) != (b < 0))) m += b;
      if (m == 0) m = std::copysign(0.0, b);
      return m;
    }
    case BinOp::Pow:
      if (a == 0 && b < 0) raise_zero_division("0.0 cannot be raised to a negative power");
      if (a < 0 && b != std::floor(b)) raise_value_error("negative number cannot be raised to a fractional power (complex results are not supported)");
      return std::pow(a, b);
    default: return not_implemented();
  }
}

Value number_binary(BinOp op, const Value& a, const Value& b) {
  if (a.is_object() || b.is_object()) {  // a big int (Note [two representations of int])
    if (a.is_float() || b.is_float()) return float_binary(op, number_to_double(a), number_to_double(b));
    return big_number_binary(op, a, b);
  }
  if (a.is_float() || b.is_float()) return float_binary(op, a.to_float(), b.to_float());
  // bool & bool stays bool, as in Python
  if (a.is_bool() && b.is_bool() && (op == BinOp::BitAnd || op == BinOp::BitOr || op == BinOp::BitXor))
    return Value(int_binary(op, a.to_int(), b.to_int()).as_int() != 0);
  return int_binary(op, a.to_int(), b.to_int());
}

template <int Op>
Value num_binary_slot(Interpreter&, const Value& a, const Value& b) {
  auto x = unbox_number(a);
  auto y = unbox_number(b);
  if (!x || !y) return not_implemented();
  return number_binary(static_cast<BinOp>(Op), *x, *y);
}

Value num_compare(Interpreter&, const Value& a, const Value& b, CmpOp op) {
  auto x = unbox_number(a);
  auto y = unbox_number(b);
  if (!x || !y) return not_implemented();
  if (x->is_object() || y->is_object()) {
    if (op > CmpOp::Ge) return not_implemented();
    return big_compare(op, *x, *y);
  }
  if (x->is_float() || y->is_float()) {
    double p = x->to_float(), q = y->to_float();
    switch (op) {
      case CmpOp::Eq: return p == q;
      case CmpOp::Ne: return p != q;
      case CmpOp::Lt: return p < q;
      case CmpOp::Le: return p <= q;
      case CmpOp::Gt: return p > q;
      case CmpOp::Ge: return p >= q;
      default: return not_implemented();
    }
  }
  int64_t p = x->to_int(), q = y->to_int();
  switch (op) {
    case CmpOp::Eq: return p == q;
    case CmpOp::Ne: return p != q;
    case CmpOp::Lt: return p < q;
    case CmpOp::Le: return p <= q;
    case CmpOp::Gt: return p > q;
    case CmpOp::Ge: return p >= q;
    default: return not_implemented();
  }
}

Value plain(const Value& v) { return *unbox_number(v); }

Value num_neg(Interpreter&, const Value& v) {
  Value x = plain(v);
  if (x.is_float()) return -x.as_float();
  if (const mpz_class* b = big_int_of(x)) return make_int(-*b);
  if (x.to_int() == std::numeric_limits<int64_t>::min()) return make_int(-mpz_of_int64(x.to_int()));
  return -x.to_int();
}
Value num_pos(Interpreter&, const Value& v) {
  Value x = plain(v);
  return x.is_float() || x.is_object() ? x : Value(x.to_int());
}
Value int_invert(Interpreter&, const Value& v) {
  Value x = plain(v);
  if (const mpz_class* b = big_int_of(x)) return make_int(~*b);
  return ~x.to_int();
}

std::string int_repr(Interpreter&, const Value& v) {
  Value x = plain(v);
  if (x.is_bool()) return x.as_bool() ? "True" : "False";
  if (const mpz_class* b = big_int_of(x)) return big_to_string(*b);
  return std::to_string(x.to_int());
}
std::string float_repr_slot(Interpreter&, const Value& v) { return format::float_repr(plain(v).to_float()); }
std::string none_repr(Interpreter&, const Value&) { return "None"; }
bool num_truth(Interpreter&, const Value& v) {
  Value x = plain(v);
  if (x.is_object()) return true;  // a big int is never 0
  return x.is_float() ? x.as_float() != 0.0 : x.to_int() != 0;
}
int64_t num_hash(Interpreter&, const Value& v) {
  Value x = plain(v);
  if (const mpz_class* b = big_int_of(x)) return big_hash(*b);
  return x.is_float() ? hash_double(x.as_float(), identity(v)) : hash_int(x.to_int());
}
Value int_index(Interpreter&, const Value& v) {
  Value x = plain(v);
  return x.is_object() ? x : Value(x.to_int());
}
Value num_to_float(Interpreter&, const Value& v) { return number_to_double(plain(v)); }
Value float_to_int(Interpreter&, const Value& v) {
  double d = plain(v).to_float();
  if (std::isnan(d)) raise_value_error("cannot convert float NaN to integer");
  if (std::isinf(d)) raise_overflow("cannot convert float infinity to integer");
  if (std::fabs(d) >= 9.2e18) return int_from_double(d);
  return static_cast<int64_t>(std::trunc(d));
}
std::string num_format(Interpreter& in, const Value& v, std::string_view spec) {
  Value x = plain(v);
  if (const mpz_class* b = big_int_of(x)) return format_big_int(*b, spec);
  return format_value(in, x, spec);
}

template <size_t... I>
void fill_binary(TypeSlots& s, std::index_sequence<I...>) {
  ((s.binary[I] = &num_binary_slot<static_cast<int>(I)>), ...);
}

}  // namespace

void install_number_slots() {
  auto& t = mutable_types();
  for (TypeObject* nt : {t.int_, t.float_}) {
    TypeSlots& s = nt->slots;
    fill_binary(s, std::make_index_sequence<kBinOpCount>());
    s.compare = &num_compare;
    s.unary[static_cast<int>(UnaryOp::Neg)] = &num_neg;
    s.unary[static_cast<int>(UnaryOp::Pos)] = &num_pos;
    s.truth = &num_truth;
    s.hash = &num_hash;
    s.to_float = &num_to_float;
    s.format = &num_format;
  }
  t.int_->slots.repr = &int_repr;
  t.int_->slots.unary[static_cast<int>(UnaryOp::Invert)] = &int_invert;
  t.int_->slots.index = &int_index;
  t.int_->slots.to_int = &int_index;
  t.float_->slots.repr = &float_repr_slot;
  t.float_->slots.to_int = &float_to_int;
  // int's binary slots return NotImplemented for float operands only when
  // neither is a number; 1 + 2.5 is handled here (CPython hands it to
  // float's slot, with the same result).
  t.bool_->slots = t.int_->slots;
  t.none->slots.repr = &none_repr;
  t.none->slots.truth = [](Interpreter&, const Value&) { return false; };
  t.none->slots.hash = [](Interpreter&, const Value&) -> int64_t { return kNoneHash; };
}

}  // namespace backstep::rt
