// The numeric tower's attributes of int and float (real, imag, numerator,
// denominator, conjugate(), bit_length(), is_integer(), ...): as descriptors
// in the classes' dicts, so subclasses (IntEnum members, bool) find them too.
#include "engine/runtime/big_int.h"
#include "engine/runtime/builtin_slots.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <cmath>
#include <limits>

namespace backstep::rt {

namespace {

// The plain int (never a bool or subclass), as CPython's int attributes give.
Value int_of(const Value& self) {
  Value v = *unbox_number(self);
  return v.is_object() ? v : Value(v.to_int());  // a big int stays itself
}
double float_of(const Value& self) { return unbox_number(self)->to_float(); }

Value bit_length(int64_t n) {
  uint64_t m = n < 0 ? uint64_t(0) - uint64_t(n) : uint64_t(n);
  int64_t bits = 0;
  for (; m; m >>= 1) ++bits;
  return Value(bits);
}

Value int_ratio(const Value& self) {
  return make_tuple({int_of(self), Value(int64_t(1))});
}

Value float_ratio(const Value& self) {
  double d = float_of(self);
  if (std::isinf(d)) raise_overflow("cannot convert Infinity to integer ratio");
  if (std::isnan(d)) raise_value_error("cannot convert NaN to integer ratio");
  int exp = 0;
  double mant = std::frexp(d, &exp);
  // Scale the mantissa to an integer, then cancel powers of two.
  for (int i = 0; i < 300 && mant != std::floor(mant); ++i) {
    mant *= 2.0;
    --exp;
  }
  auto num = static_cast<int64_t>(mant);
  int64_t den = 1;
  if (exp > 0) {
    if (bit_length(num).as_int() + exp > 62) {
      mpz_class big = mpz_of_int64(num);
      mpz_mul_2exp(big.get_mpz_t(), big.get_mpz_t(), static_cast<unsigned long>(exp));
      return make_tuple({make_int(big), Value(int64_t(1))});
    }
    num <<= exp;
  } else {
    for (; exp < 0 && num % 2 == 0 && num != 0; ++exp) num /= 2;
  }
  if (exp < 0) den = int64_t(1) << -exp;
  return make_tuple({Value(num), Value(den)});
}

// round(v, nd) for nd < 0 on a big int: half to even, as CPython's.
Value big_int_round(const mpz_class& v, int64_t nd) {
  mpz_class scale, q, r;
  mpz_ui_pow_ui(scale.get_mpz_t(), 10, static_cast<unsigned long>(-nd));
  mpz_fdiv_qr(q.get_mpz_t(), r.get_mpz_t(), v.get_mpz_t(), scale.get_mpz_t());
  int c = cmp(mpz_class(2 * r), scale);
  if (c > 0 || (c == 0 && mpz_odd_p(q.get_mpz_t()))) ++q;
  return make_int(q * scale);
}

// int.__round__(ndigits): negative ndigits round to tens, hundreds...
// (half to even, as CPython).
Value int_round(Interpreter& in, const Value& self, Args& a) {
  expect_args(a, "__round__", 0, 1);
  Value self_int = int_of(self);
  if (a.pos.empty() || a.pos[0].is_none()) return self_int;
  int64_t nd = to_index(in, a.pos[0]);
  if (nd >= 0) return self_int;
  if (self_int.is_object() || nd < -18) return big_int_round(to_mpz(self_int), nd);
  int64_t v = self_int.as_int();
  if (nd < -18) return Value(int64_t(0));
  int64_t scale = 1;
  for (int64_t i = 0; i < -nd; ++i) scale *= 10;
  int64_t q = v / scale, r = v % scale;
  if (r < 0) {  // floor division
    r += scale;
    --q;
  }
  if (2 * r > scale || (2 * r == scale && q % 2 != 0)) ++q;
  return Value(q * scale);
}

Value float_round(Interpreter& in, const Value& self, Args& a) {
  expect_args(a, "__round__", 0, 1);
  Args inner{Value(float_of(self))};
  if (!a.pos.empty()) inner.pos.push_back(a.pos[0]);
  return call(in, *in.builtin("round"), inner);
}

void install_int_attributes(TypeObject& t) {
  add_getset(t, "real", [](Interpreter&, const Value& s) { return int_of(s); });
  add_getset(t, "imag", [](Interpreter&, const Value&) { return Value(int64_t(0)); });
  add_getset(t, "numerator", [](Interpreter&, const Value& s) { return int_of(s); });
  add_getset(t, "denominator", [](Interpreter&, const Value&) { return Value(int64_t(1)); });
  add_method(t, "conjugate", [](Interpreter&, const Value& s, Args& a) {
    expect_args(a, "int.conjugate", 0, 0);
    return int_of(s);
  });
  add_method(t, "bit_length", [](Interpreter&, const Value& s, Args& a) {
    expect_args(a, "int.bit_length", 0, 0);
    Value v = int_of(s);
    if (const mpz_class* b = big_int_of(v)) return Value(static_cast<int64_t>(mpz_sizeinbase(b->get_mpz_t(), 2)));
    return bit_length(v.as_int());
  });
  add_method(t, "bit_count", [](Interpreter&, const Value& s, Args& a) {
    expect_args(a, "int.bit_count", 0, 0);
    Value v = int_of(s);
    if (const mpz_class* b = big_int_of(v)) return Value(static_cast<int64_t>(mpz_popcount(mpz_class(abs(*b)).get_mpz_t())));
    int64_t n = v.as_int();
    uint64_t m = n < 0 ? uint64_t(0) - uint64_t(n) : uint64_t(n);
    return Value(int64_t(__builtin_popcountll(m)));
  });
  add_method(t, "as_integer_ratio", [](Interpreter&, const Value& s, Args& a) {
    expect_args(a, "int.as_integer_ratio", 0, 0);
    return int_ratio(s);
  });
  add_method(t, "__round__", &int_round);
  for (const char* name : {"__trunc__", "__floor__", "__ceil__"})
    add_method(t, name, [name](Interpreter&, const Value& s, Args& a) {
      expect_args(a, name, 0, 0);
      return int_of(s);
    });
  add_method(t, "__abs__", [](Interpreter&, const Value& s, Args& a) {
    expect_args(a, "__abs__", 0, 0);
    Value x = int_of(s);
    if (x.is_object() || x.as_int() == std::numeric_limits<int64_t>::min()) return make_int(abs(to_mpz(x)));
    int64_t v = x.as_int();
    return Value(v < 0 ? -v : v);
  });
}

void install_float_attributes(TypeObject& t) {
  add_getset(t, "real", [](Interpreter&, const Value& s) { return Value(float_of(s)); });
  add_getset(t, "imag", [](Interpreter&, const Value&) { return Value(0.0); });
  add_method(t, "conjugate", [](Interpreter&, const Value& s, Args& a) {
    expect_args(a, "float.conjugate", 0, 0);
    return Value(float_of(s));
  });
  add_method(t, "is_integer", [](Interpreter&, const Value& s, Args& a) {
    expect_args(a, "float.is_integer", 0, 0);
    double d = float_of(s);
    return Value(std::isfinite(d) && d == std::floor(d));
  });
  add_method(t, "as_integer_ratio", [](Interpreter&, const Value& s, Args& a) {
    expect_args(a, "float.as_integer_ratio", 0, 0);
    return float_ratio(s);
  });
  add_method(t, "__round__", &float_round);
  add_method(t, "__abs__", [](Interpreter&, const Value& s, Args& a) {
    expect_args(a, "__abs__", 0, 0);
    return Value(std::fabs(float_of(s)));
  });
  add_method(t, "__trunc__", [](Interpreter&, const Value& s, Args& a) {
    expect_args(a, "__trunc__", 0, 0);
    double d = float_of(s);
    if (!std::isfinite(d))
      raise_value_error(std::isnan(d) ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer");
    return int_from_double(d);
  });
}

}  // namespace

void install_number_methods() {
  install_int_attributes(*mutable_types().int_);
  install_float_attributes(*mutable_types().float_);
}

}  // namespace backstep::rt
