// Ints beyond 64 bits: the object, conversions (text, float, hash) and
// arithmetic with CPython's semantics and messages. See Note [two
// representations of int] in big_int.h.
#include "engine/runtime/big_int.h"

#include "engine/format/format_spec.h"
#include "engine/pyhash/py_hash.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/three_way.h"

#include <climits>
#include <cmath>
#include <limits>

namespace backstep::rt {

bool BigIntObject::is_instance(const Object& o) {
  return o.kind() == ObjKind::Other && dynamic_cast<const BigIntObject*>(&o) != nullptr;
}
const TypeObject& BigIntObject::native_type() const { return *types().int_; }
std::string BigIntObject::repr(Interpreter&) const { return big_to_string(value); }

const mpz_class* big_int_of(const Value& v) {
  Object* o = v.object_ptr();
  if (!o) return nullptr;
  if (o->kind() == ObjKind::BoxedInt) return big_int_of(static_cast<BoxedNumber*>(o)->value);
  if (auto* b = v.as<BigIntObject>()) return &b->value;
  return nullptr;
}

int64_t index_to_int64(const Value& r) {
  if (is_big_int(r)) raise_index_error("cannot fit 'int' into an index-sized integer");
  return r.to_int();
}

int64_t index_clamped(const Value& r) {
  if (const mpz_class* b = big_int_of(r))
    return sgn(*b) < 0 ? std::numeric_limits<int64_t>::min() : std::numeric_limits<int64_t>::max();
  return r.to_int();
}

double number_to_double(const Value& v) {
  if (const mpz_class* b = big_int_of(v)) return big_to_double(*b);
  return v.to_float();
}

Value make_int(const mpz_class& v) {
  if (mpz_fits_slong_p(v.get_mpz_t())) return Value(static_cast<int64_t>(mpz_get_si(v.get_mpz_t())));
  return Value(std::make_shared<BigIntObject>(v));
}

mpz_class to_mpz(const Value& v) {
  if (const mpz_class* b = big_int_of(v)) return *b;
  if (auto n = unbox_number(v); n && n->is_int_like()) return mpz_of_int64(n->to_int());
  raise_type_error("an integer is required");
}

namespace {

size_t bit_length(const mpz_class& v) { return sgn(v) == 0 ? 0 : mpz_sizeinbase(v.get_mpz_t(), 2); }

// a / b for a >= 0, b > 0, rounded half to even; +inf past DBL_MAX.
// Note [correct rounding]: take 55-56 quotient bits and a sticky bit for
// the remainder, then round to 53 bits (fewer for subnormal results).
double ratio_to_double(const mpz_class& a, const mpz_class& b) {
  if (sgn(a) == 0) return 0.0;
  long shift = 55 - (static_cast<long>(bit_length(a)) - static_cast<long>(bit_length(b)));
  mpz_class num = a, den = b;
  if (shift > 0) mpz_mul_2exp(num.get_mpz_t(), num.get_mpz_t(), static_cast<unsigned long>(shift));
  else mpz_mul_2exp(den.get_mpz_t(), den.get_mpz_t(), static_cast<unsigned long>(-shift));
  mpz_class q, r;
  mpz_tdiv_qr(q.get_mpz_t(), r.get_mpz_t(), num.get_mpz_t(), den.get_mpz_t());
  uint64_t m = mpz_get_ui(q.get_mpz_t());  // 55 or 56 bits
  bool sticky = sgn(r) != 0;
  long bits = 64 - __builtin_clzll(m);
  long drop = bits - 53;
  if (drop < shift - 1074) drop = shift - 1074;  // subnormal: the lowest bit is 2**-1074
  if (drop >= 64) return 0.0;
  uint64_t kept = m >> drop;
  uint64_t rest = m & ((uint64_t(1) << drop) - 1);
  uint64_t half = drop > 0 ? uint64_t(1) << (drop - 1) : 0;
  if (drop > 0 && (rest > half || (rest == half && (sticky || (kept & 1))))) ++kept;
  return std::ldexp(static_cast<double>(kept), static_cast<int>(drop - shift));
}

}  // namespace

double big_to_double(const mpz_class& v) {
  mpz_class mag = abs(v);
  double d = ratio_to_double(mag, mpz_class(1));
  if (std::isinf(d)) raise_overflow("int too large to convert to float");
  return sgn(v) < 0 ? -d : d;
}

double int_true_divide(const mpz_class& a, const mpz_class& b) {
  if (sgn(b) == 0) raise_zero_division("division by zero");
  double d = ratio_to_double(abs(a), abs(b));
  if (std::isinf(d)) raise_overflow("integer division result too large for a float");
  return (sgn(a) < 0) != (sgn(b) < 0) ? -d : d;
}

std::string big_to_string(const mpz_class& v, int base) { return v.get_str(base); }

std::string format_big_int(const mpz_class& v, std::string_view spec) {
  if (spec.empty()) return big_to_string(v);
  try {
    return format::format_big_int(
        sgn(v) < 0, [&](int base) { return big_to_string(abs(v), base); }, [&] { return big_to_double(v); }, spec);
  } catch (const format::FormatError& e) {
    if (e.python_type() == "TypeError") raise_type_error(e.what());
    if (e.python_type() == "OverflowError") raise_overflow(e.what());
    raise_value_error(e.what());
  }
}

int64_t big_hash(const mpz_class& v) {
  mpz_class r;
  mpz_class mag = abs(v);
  mpz_tdiv_r_ui(r.get_mpz_t(), mag.get_mpz_t(), pyhash::kHashModulus);
  auto h = static_cast<int64_t>(mpz_get_ui(r.get_mpz_t()));
  if (sgn(v) < 0) h = -h;
  return h == -1 ? -2 : h;
}

std::optional<Value> parse_big_int(const std::string& digits, int base, bool negative) {
  if (digits.empty()) return std::nullopt;
  for (char c : digits) {
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
    if (d >= base) return std::nullopt;
  }
  if (base == 10 && digits.size() > 4300)
    raise_value_error("Exceeds the limit (4300 digits) for integer string conversion: value has " +
                      std::to_string(digits.size()) + " digits; use sys.set_int_max_str_digits() to increase the limit");
  mpz_class v;
  if (mpz_set_str(v.get_mpz_t(), digits.c_str(), base) != 0) return std::nullopt;
  if (negative) v = -v;
  return make_int(v);
}

Value big_int_literal(const std::string& text) {
  int base = 10;
  std::string digits = text;
  if (digits.size() > 2 && digits[0] == '0' && std::isalpha(static_cast<unsigned char>(digits[1]))) {
    char b = static_cast<char>(std::tolower(static_cast<unsigned char>(digits[1])));
    base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
    digits = digits.substr(2);
  }
  auto v = parse_big_int(digits, base, false);
  return v ? *v : Value(int64_t(0));  // the lexer checked the digits
}

Value int_from_double(double d) {
  mpz_class v;
  mpz_set_d(v.get_mpz_t(), std::trunc(d));
  return make_int(v);
}

namespace {

// A shift count or exponent as unsigned long; nullopt when it is bigger.
std::optional<unsigned long> small_count(const mpz_class& n) {
  if (!mpz_fits_ulong_p(n.get_mpz_t())) return std::nullopt;
  return mpz_get_ui(n.get_mpz_t());
}

Value int_pow(const mpz_class& x, const mpz_class& y) {
  if (sgn(y) < 0) {
    if (sgn(x) == 0) raise_zero_division("0.0 cannot be raised to a negative power");
    return std::pow(big_to_double(x), big_to_double(y));
  }
  if (x == 0 || x == 1) return make_int(x);
  if (x == -1) return make_int(mpz_tstbit(y.get_mpz_t(), 0) ? x : mpz_class(1));
  auto e = small_count(y);
  // A result of billions of bits would exhaust memory as it does in CPython.
  if (!e || static_cast<double>(bit_length(x)) * static_cast<double>(*e) > 1e10)
    raise(*exc_types().memory_error, "");
  mpz_class r;
  mpz_pow_ui(r.get_mpz_t(), x.get_mpz_t(), *e);
  return make_int(r);
}

Value int_shift(BinOp op, const mpz_class& x, const mpz_class& y) {
  if (sgn(y) < 0) raise_value_error("negative shift count");
  auto n = small_count(y);
  mpz_class r;
  if (op == BinOp::RShift) {
    if (!n) return Value(int64_t(sgn(x) < 0 ? -1 : 0));
    mpz_fdiv_q_2exp(r.get_mpz_t(), x.get_mpz_t(), *n);
    return make_int(r);
  }
  if (sgn(x) == 0) return Value(int64_t(0));
  if (!n || *n > (uint64_t(1) << 36)) raise_overflow("too many digits in integer");
  mpz_mul_2exp(r.get_mpz_t(), x.get_mpz_t(), *n);
  return make_int(r);
}

}  // namespace

Value big_number_binary(BinOp op, const Value& a, const Value& b) {
  mpz_class x = to_mpz(a), y = to_mpz(b);
  switch (op) {
    case BinOp::Add: return make_int(x + y);
    case BinOp::Sub: return make_int(x - y);
    case BinOp::Mul: return make_int(x * y);
    case BinOp::Div: return int_true_divide(x, y);
    case BinOp::FloorDiv: {
      if (sgn(y) == 0) raise_zero_division("integer division or modulo by zero");
      mpz_class q;
      mpz_fdiv_q(q.get_mpz_t(), x.get_mpz_t(), y.get_mpz_t());
      return make_int(q);
    }
    case BinOp::Mod: {
      if (sgn(y) == 0) raise_zero_division("integer modulo by zero");
      mpz_class m;
      mpz_fdiv_r(m.get_mpz_t(), x.get_mpz_t(), y.get_mpz_t());
      return make_int(m);
    }
    case BinOp::Pow: return int_pow(x, y);
    case BinOp::LShift:
    case BinOp::RShift: return int_shift(op, x, y);
    case BinOp::BitAnd: return make_int(x & y);
    case BinOp::BitOr: return make_int(x | y);
    case BinOp::BitXor: return make_int(x ^ y);
    case BinOp::MatMul: break;
  }
  return not_implemented();
}

Value promoted_int_binary(BinOp op, int64_t a, int64_t b) { return big_number_binary(op, Value(a), Value(b)); }

bool big_compare(CmpOp op, const Value& a, const Value& b) {
  int c;
  if (a.is_float() || b.is_float()) {
    double d = a.is_float() ? a.as_float() : b.as_float();
    if (std::isnan(d)) return op == CmpOp::Ne;
    const Value& i = a.is_float() ? b : a;
    c = mpz_cmp_d(to_mpz(i).get_mpz_t(), d);  // exact, also for +-inf
    if (a.is_float()) c = -c;
  } else {
    c = cmp(to_mpz(a), to_mpz(b));
  }
  return three_way_answers(c, op);
}

}  // namespace backstep::rt
