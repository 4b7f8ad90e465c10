// Arithmetic, comparison and unary operators with CPython's semantics for
// numbers, strings and sequences; tensor operands go to the torch layer.
#include "engine/api/tensor_protocol.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/str_format.h"

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

namespace {

[[noreturn]] void unsupported(BinOp op, const Value& a, const Value& b) {
  raise_type_error(fmt::format("unsupported operand type(s) for {}: '{}' and '{}'", binop_symbol(op), type_name(a),
                               type_name(b)));
}

[[noreturn]] void overflow() { raise_overflow("integer overflow: backstep's ints are 64-bit"); }

// Runs a __builtin_*_overflow and raises on overflow. (The result must be
// read after the builtin ran, never passed alongside it as an argument.)
template <class Op>
int64_t checked_op(Op op, int64_t a, int64_t b) {
  int64_t r;
  if (op(a, b, &r)) overflow();
  return r;
}
int64_t add_ovf(int64_t a, int64_t b) { return checked_op([](int64_t x, int64_t y, int64_t* r) { return __builtin_add_overflow(x, y, r); }, a, b); }
int64_t sub_ovf(int64_t a, int64_t b) { return checked_op([](int64_t x, int64_t y, int64_t* r) { return __builtin_sub_overflow(x, y, r); }, a, b); }
int64_t mul_ovf(int64_t a, int64_t b) { return checked_op([](int64_t x, int64_t y, int64_t* r) { return __builtin_mul_overflow(x, y, r); }, a, b); }

int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t int_pow(int64_t base, int64_t exp) {
  int64_t result = 1;
  while (exp > 0) {
    if (exp & 1) result = mul_ovf(result, base);
    exp >>= 1;
    if (exp) base = mul_ovf(base, base);
  }
  return result;
}

Value int_binary(BinOp op, int64_t a, int64_t b) {
  switch (op) {
    case BinOp::Add: return add_ovf(a, b);
    case BinOp::Sub: return sub_ovf(a, b);
    case BinOp::Mul: return mul_ovf(a, b);
    case BinOp::Div:
      if (b == 0) raise_zero_division("division by zero");
      return static_cast<double>(a) / static_cast<double>(b);
    case BinOp::FloorDiv:
      if (b == 0) raise_zero_division("integer division or modulo by zero");
      return floor_div(a, b);
    case BinOp::Mod: {
      if (b == 0) raise_zero_division("integer modulo by zero");
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
        overflow();
      return a << b;
    case BinOp::RShift:
      if (b < 0) raise_value_error("negative shift count");
      return b >= 63 ? (a < 0 ? -1 : 0) : a >> b;
    case BinOp::BitAnd: return a & b;
    case BinOp::BitOr: return a | b;
    case BinOp::BitXor: return a ^ b;
    case BinOp::MatMul: break;
  }
  raise_type_error("unsupported operand type(s) for @: 'int' and 'int'");
}

Value float_binary(BinOp op, double a, double b, const Value& va, const Value& vb) {
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
    default: unsupported(op, va, vb);
  }
}

Value repeat(const std::vector<Value>& items, int64_t n, bool as_tuple) {
  std::vector<Value> out;
  for (int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
  return as_tuple ? make_tuple(std::move(out)) : make_list(std::move(out));
}

std::optional<Value> sequence_binary(Interpreter& in, BinOp op, const Value& a, const Value& b) {
  auto* sa = a.as<StrObject>();
  auto* sb = b.as<StrObject>();
  if (op == BinOp::Add && sa && sb) return make_str(sa->value + sb->value);
  if (op == BinOp::Mod && sa) return make_str(percent_format(in, sa->value, b));
  if (op == BinOp::Mul && (sa || sb) && (a.is_int_like() || b.is_int_like())) {
    const std::string& s = sa ? sa->value : sb->value;
    int64_t n = sa ? b.to_int() : a.to_int();
    std::string out;
    for (int64_t i = 0; i < n; ++i) out += s;
    return make_str(out);
  }
  auto* la = a.as<ListObject>();
  auto* lb = b.as<ListObject>();
  auto* ta = a.as<TupleObject>();
  auto* tb = b.as<TupleObject>();
  if (op == BinOp::Add && ((la && lb) || (ta && tb))) {
    std::vector<Value> out = la ? la->items : ta->items;
    const auto& more = lb ? lb->items : tb->items;
    out.insert(out.end(), more.begin(), more.end());
    return la ? make_list(std::move(out)) : make_tuple(std::move(out));
  }
  if (op == BinOp::Mul && (la || ta) && b.is_int_like()) return repeat(la ? la->items : ta->items, b.to_int(), ta != nullptr);
  if (op == BinOp::Mul && (lb || tb) && a.is_int_like()) return repeat(lb ? lb->items : tb->items, a.to_int(), tb != nullptr);
  auto* da = a.as<DictObject>();
  auto* db = b.as<DictObject>();
  if (op == BinOp::BitOr && da && db) {
    auto out = std::make_shared<DictObject>();
    da->for_each([&](const Value& k, const Value& v) { out->set(k, v); });
    db->for_each([&](const Value& k, const Value& v) { out->set(k, v); });
    return Value(out);
  }
  return std::nullopt;
}

int three_way(Interpreter& in, CmpOp op, const Value& a, const Value& b);

bool ordered(Interpreter& in, CmpOp op, const Value& a, const Value& b) {
  int c = three_way(in, op, a, b);
  switch (op) {
    case CmpOp::Lt: return c < 0;
    case CmpOp::Le: return c <= 0;
    case CmpOp::Gt: return c > 0;
    default: return c >= 0;
  }
}

// -1/0/1 for orderable pairs; NaN compares false both ways, which the
// callers get by comparing doubles directly.
int three_way(Interpreter& in, CmpOp op, const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    if (a.is_float() || b.is_float()) {
      double x = a.to_float(), y = b.to_float();
      if (std::isnan(x) || std::isnan(y)) return op == CmpOp::Lt || op == CmpOp::Le ? 1 : -1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    int64_t x = a.to_int(), y = b.to_int();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  auto* sa = a.as<StrObject>();
  auto* sb = b.as<StrObject>();
  if (sa && sb) return sa->value.compare(sb->value) < 0 ? -1 : sa->value == sb->value ? 0 : 1;
  auto* la = a.as<ListObject>();
  auto* lb = b.as<ListObject>();
  auto* ta = a.as<TupleObject>();
  auto* tb = b.as<TupleObject>();
  if ((la && lb) || (ta && tb)) {
    const auto& x = la ? la->items : ta->items;
    const auto& y = lb ? lb->items : tb->items;
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      if (equals(in, x[i], y[i])) continue;
      return ordered(in, CmpOp::Lt, x[i], y[i]) ? -1 : 1;
    }
    return x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0;
  }
  raise_type_error(fmt::format("'{}' not supported between instances of '{}' and '{}'", cmpop_symbol(op),
                               type_name(a), type_name(b)));
}

}  // namespace

Value binary(Interpreter& in, BinOp op, const Value& a, const Value& b, std::shared_ptr<void>* site) {
  if (a.is_tensor() || b.is_tensor()) return api::tensor_binary(in, op, a, b, site);
  if (a.is_number() && b.is_number()) {
    if (a.is_float() || b.is_float()) return float_binary(op, a.to_float(), b.to_float(), a, b);
    // bool & bool stays bool, as in Python
    if (a.is_bool() && b.is_bool() && (op == BinOp::BitAnd || op == BinOp::BitOr || op == BinOp::BitXor))
      return Value(int_binary(op, a.to_int(), b.to_int()).as_int() != 0);
    return int_binary(op, a.to_int(), b.to_int());
  }
  if (auto r = sequence_binary(in, op, a, b)) return *r;
  unsupported(op, a, b);
}

Value inplace_binary(Interpreter& in, BinOp op, const Value& a, const Value& b, std::shared_ptr<void>* site) {
  if (a.is_tensor()) return api::tensor_inplace(in, op, a, b, site);
  if (auto* l = a.as<ListObject>()) {
    if (op == BinOp::Add) {  // list += iterable extends in place
      auto more = to_vector(in, b);
      l->items.insert(l->items.end(), more.begin(), more.end());
      return a;
    }
    if (op == BinOp::Mul && b.is_int_like()) {
      auto items = l->items;
      l->items.clear();
      for (int64_t i = 0; i < b.to_int(); ++i) l->items.insert(l->items.end(), items.begin(), items.end());
      return a;
    }
  }
  return binary(in, op, a, b);
}

Value compare(Interpreter& in, CmpOp op, const Value& a, const Value& b) {
  switch (op) {
    case CmpOp::Is: return is_same(a, b);
    case CmpOp::IsNot: return !is_same(a, b);
    case CmpOp::In: return contains(in, b, a);
    case CmpOp::NotIn: return !contains(in, b, a);
    default: break;
  }
  if (a.is_tensor() || b.is_tensor()) return api::tensor_compare(in, op, a, b);
  if (op == CmpOp::Eq) return equals(in, a, b);
  if (op == CmpOp::Ne) return !equals(in, a, b);
  return ordered(in, op, a, b);
}

Value unary(Interpreter& in, UnaryOp op, const Value& v) {
  if (op == UnaryOp::Not) return !truthy(in, v);
  if (v.is_tensor()) return api::tensor_unary(in, op, v);
  if (v.is_float()) {
    if (op == UnaryOp::Neg) return -v.as_float();
    if (op == UnaryOp::Pos) return v;
  } else if (v.is_int_like()) {
    int64_t x = v.to_int();
    if (op == UnaryOp::Neg) {
      if (x == std::numeric_limits<int64_t>::min()) overflow();
      return -x;
    }
    if (op == UnaryOp::Pos) return x;
    if (op == UnaryOp::Invert) return ~x;
  }
  static const char* names[] = {"unary -", "unary +", "unary ~", "not"};
  raise_type_error(fmt::format("bad operand type for {}: '{}'", names[static_cast<int>(op)], type_name(v)));
}

}  // namespace backstep::rt
