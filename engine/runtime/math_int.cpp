// The integer functions of `math` (factorial, gcd, lcm, isqrt, comb, perm,
// floor/ceil/trunc of ints) and the logarithms of ints beyond float range,
// exact for big ints as CPython's mathmodule.c.
#include "engine/runtime/big_int.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cmath>

namespace backstep::rt {
namespace {

// An argument that must be an integer (operator.index), as mpz.
mpz_class int_arg(Interpreter& in, const Value& v) {
  if (v.is_int_like() || is_big_int(v)) return to_mpz(v);
  const TypeObject& t = type_of(v);
  if (t.slots.index) return to_mpz(t.slots.index(in, v));
  raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
}

void expect_count(const Args& a, const char* fn, size_t n) {
  if (a.pos.size() != n || !a.kw.empty())
    raise_type_error(n == 1 ? fmt::format("math.{}() takes exactly one argument ({} given)", fn, a.pos.size())
                            : fmt::format("{} expected {} arguments, got {}", fn, n, a.pos.size()));
}

// float(x), or inf when x is beyond the float range.
double ratio_free_double(const mpz_class& x) {
  if (mpz_sizeinbase(x.get_mpz_t(), 2) > 1024) return INFINITY;
  try {
    return big_to_double(x);
  } catch (const ScriptError&) {
    return INFINITY;
  }
}

// CPython's loghelper for an int x > 0: func(float(x)) when x converts,
// else func(m) + func(2.0) * e with x = m * 2**e, m in [0.5, 1).
double int_log(const mpz_class& x, double (*func)(double)) {
  size_t bits = mpz_sizeinbase(x.get_mpz_t(), 2);
  if (bits <= 1024) {
    double d = ratio_free_double(x);
    if (std::isfinite(d)) return func(d);
  }
  long shift = static_cast<long>(bits) - 64;
  mpz_class top;
  mpz_fdiv_q_2exp(top.get_mpz_t(), x.get_mpz_t(), static_cast<unsigned long>(shift));
  int e = 0;
  double m = std::frexp(big_to_double(top), &e);
  return func(m) + func(2.0) * static_cast<double>(e + shift);
}

Value comb_or_perm(Interpreter& in, Args& a, bool comb) {
  const char* fn = comb ? "comb" : "perm";
  if (!comb && a.pos.size() == 1) {
    mpz_class n = int_arg(in, a.pos[0]);
    if (sgn(n) < 0) raise_value_error("n must be a non-negative integer");
    mpz_class r;
    mpz_fac_ui(r.get_mpz_t(), mpz_get_ui(n.get_mpz_t()));
    return make_int(r);
  }
  expect_count(a, fn, 2);
  mpz_class n = int_arg(in, a.pos[0]), k = int_arg(in, a.pos[1]);
  if (sgn(n) < 0) raise_value_error("n must be a non-negative integer");
  if (sgn(k) < 0) raise_value_error("k must be a non-negative integer");
  if (k > n) return Value(int64_t(0));
  if (!mpz_fits_ulong_p(k.get_mpz_t())) raise_overflow(fmt::format("k must not exceed {}", LONG_MAX));
  unsigned long kk = mpz_get_ui(k.get_mpz_t());
  mpz_class r;
  if (comb) {
    mpz_bin_ui(r.get_mpz_t(), n.get_mpz_t(), kk);
  } else {
    r = 1;
    for (unsigned long i = 0; i < kk; ++i) r *= n - i;
  }
  return make_int(r);
}

}  // namespace

// Registered by make_math_module (math_module.cpp).
void install_math_int_functions(Interpreter& in, ModuleObject& m) {
  m.def("factorial", [](Interpreter& in, Args& a) -> Value {
    expect_count(a, "factorial", 1);
    if (a.pos[0].is_float()) raise_type_error("'float' object cannot be interpreted as an integer");
    mpz_class n = int_arg(in, a.pos[0]);
    if (sgn(n) < 0) raise_value_error("factorial() not defined for negative values");
    if (!mpz_fits_slong_p(n.get_mpz_t())) raise_overflow("factorial() argument should not exceed 9223372036854775807");
    mpz_class r;
    mpz_fac_ui(r.get_mpz_t(), mpz_get_ui(n.get_mpz_t()));
    return make_int(r);
  });
  auto gcd_lcm = [](bool gcd) {
    return [gcd](Interpreter& in, Args& a) -> Value {
      mpz_class r = gcd ? 0 : 1;
      for (const Value& v : a.pos) {
        mpz_class x = int_arg(in, v);
        if (gcd) mpz_gcd(r.get_mpz_t(), r.get_mpz_t(), x.get_mpz_t());
        else mpz_lcm(r.get_mpz_t(), r.get_mpz_t(), x.get_mpz_t());
      }
      return make_int(r);
    };
  };
  m.def("gcd", gcd_lcm(true));
  m.def("lcm", gcd_lcm(false));
  m.def("isqrt", [](Interpreter& in, Args& a) -> Value {
    expect_count(a, "isqrt", 1);
    mpz_class n = int_arg(in, a.pos[0]);
    if (sgn(n) < 0) raise_value_error("isqrt() argument must be nonnegative");
    mpz_class r;
    mpz_sqrt(r.get_mpz_t(), n.get_mpz_t());
    return make_int(r);
  });
  m.def("comb", [](Interpreter& in, Args& a) { return comb_or_perm(in, a, true); });
  m.def("perm", [](Interpreter& in, Args& a) { return comb_or_perm(in, a, false); });
  // Logarithms of big ints do not go through float (which would overflow).
  struct Log {
    const char* name;
    double (*func)(double);
  };
  for (Log l : {Log{"log2", static_cast<double (*)(double)>(std::log2)},
                Log{"log10", static_cast<double (*)(double)>(std::log10)}}) {
    Value previous = *m.get_attr(in, l.name);
    m.def(l.name, [l, previous](Interpreter& in, Args& a) -> Value {
      if (a.pos.size() == 1 && is_big_int(a.pos[0])) {
        const mpz_class& x = *big_int_of(a.pos[0]);
        if (sgn(x) <= 0) raise_value_error("math domain error");
        return int_log(x, l.func);
      }
      return call(in, previous, a);
    });
  }
  Value log = *m.get_attr(in, "log");
  m.def("log", [log](Interpreter& in, Args& a) -> Value {
    if (!a.pos.empty() && is_big_int(a.pos[0])) {
      const mpz_class& x = *big_int_of(a.pos[0]);
      if (sgn(x) <= 0) raise_value_error("math domain error");
      auto ln = static_cast<double (*)(double)>(std::log);
      double r = int_log(x, ln);
      if (a.pos.size() > 1) {
        double base = is_big_int(a.pos[1]) ? int_log(*big_int_of(a.pos[1]), ln) : std::log(to_double(in, a.pos[1]));
        if (base == 0) raise_zero_division("float division by zero");
        r /= base;
      }
      return r;
    }
    return call(in, log, a);
  });
}

}  // namespace backstep::rt
