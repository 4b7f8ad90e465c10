// The float functions of `math` with special cases of their own: gamma,
// lgamma, pow, fmod, remainder, frexp, ldexp, modf, nextafter, ulp, hypot,
// dist, fsum (exact, Shewchuk's algorithm as CPython) and isclose, with
// CPython 3.11's results and errors.
#include "engine/runtime/big_int.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cfloat>
#include <cmath>

namespace backstep::rt {
namespace {

[[noreturn]] void domain_error() { raise_value_error("math domain error"); }
[[noreturn]] void range_error() { raise_overflow("math range error"); }

double num(Interpreter& in, const Args& a, size_t i, const char* fn, size_t n) {
  if (a.pos.size() != n) {
    if (n == 1) raise_type_error(fmt::format("math.{}() takes exactly one argument ({} given)", fn, a.pos.size()));
    raise_type_error(fmt::format("{} expected {} arguments, got {}", fn, n, a.pos.size()));
  }
  return to_double(in, a.pos[i]);
}

bool is_nonpositive_integer(double x) { return x <= 0 && x == std::floor(x); }

Value gamma(Interpreter& in, Args& a) {
  double x = num(in, a, 0, "gamma", 1);
  if (std::isnan(x)) return x;
  if (std::isinf(x)) {
    if (x < 0) domain_error();
    return x;
  }
  if (is_nonpositive_integer(x)) domain_error();
  double r = std::tgamma(x);
  if (std::isinf(r)) range_error();
  return r;
}

Value lgamma(Interpreter& in, Args& a) {
  double x = num(in, a, 0, "lgamma", 1);
  if (!std::isfinite(x)) return std::isnan(x) ? x : std::fabs(x);
  if (is_nonpositive_integer(x)) domain_error();
  double r = std::lgamma(x);
  if (std::isinf(r)) range_error();
  return r;
}

Value pow(Interpreter& in, Args& a) {
  double x = num(in, a, 0, "pow", 2), y = num(in, a, 1, "pow", 2);
  double r = std::pow(x, y);  // C99's special cases for inf and nan are Python's
  if (std::isfinite(x) && std::isfinite(y)) {
    if (std::isnan(r)) domain_error();
    if (std::isinf(r)) {
      if (x == 0) domain_error();
      range_error();
    }
  }
  return r;
}

Value fmod(Interpreter& in, Args& a) {
  double x = num(in, a, 0, "fmod", 2), y = num(in, a, 1, "fmod", 2);
  if (std::isinf(y) && std::isfinite(x)) return x;
  double r = std::fmod(x, y);
  if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) domain_error();
  return r;
}

Value remainder(Interpreter& in, Args& a) {
  double x = num(in, a, 0, "remainder", 2), y = num(in, a, 1, "remainder", 2);
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) ? x : y;
  if (std::isinf(x) || y == 0) domain_error();
  if (std::isinf(y)) return x;
  return std::remainder(x, y);
}

Value ldexp(Interpreter& in, Args& a) {
  double x = num(in, a, 0, "ldexp", 2);
  const Value& e = a.pos[1];
  if (!e.is_int_like() && !is_big_int(e)) raise_type_error("Expected an int as second argument to ldexp.");
  if (x == 0 || !std::isfinite(x)) return x;
  long exp;
  if (const mpz_class* b = big_int_of(e)) exp = sgn(*b) > 0 ? LONG_MAX : LONG_MIN;
  else exp = e.to_int();
  int clamped = static_cast<int>(std::clamp<long>(exp, -100000, 100000));
  double r = std::ldexp(x, clamped);
  if (std::isinf(r)) range_error();
  return r;
}

Value ulp(Interpreter& in, Args& a) {
  double x = num(in, a, 0, "ulp", 1);
  if (std::isnan(x)) return x;
  x = std::fabs(x);
  if (std::isinf(x)) return x;
  if (x == DBL_MAX) return x - std::nextafter(x, 0.0);
  return std::nextafter(x, INFINITY) - x;
}

// The Euclidean norm of `v` as CPython's vector_norm: inf wins over nan,
// otherwise scaled by the largest magnitude.
double vector_norm(const std::vector<double>& v) {
  double max = 0;
  bool nan = false;
  for (double x : v) {
    if (std::isinf(x)) return INFINITY;
    if (std::isnan(x)) nan = true;
    else max = std::max(max, std::fabs(x));
  }
  if (nan) return NAN;
  if (max == 0 || v.size() <= 1) return max;
  long double sum = 0;
  for (double x : v) {
    long double s = static_cast<long double>(x) / max;
    sum += s * s;
  }
  return static_cast<double>(std::sqrt(sum) * max);
}

Value hypot(Interpreter& in, Args& a) {
  std::vector<double> v;
  for (const Value& x : a.pos) v.push_back(to_double(in, x));
  if (v.size() == 2) return std::hypot(v[0], v[1]);
  return vector_norm(v);
}

Value dist(Interpreter& in, Args& a) {
  if (a.pos.size() != 2) raise_type_error(fmt::format("dist expected 2 arguments, got {}", a.pos.size()));
  auto p = to_vector(in, a.pos[0]), q = to_vector(in, a.pos[1]);
  if (p.size() != q.size()) raise_value_error("both points must have the same number of dimensions");
  std::vector<double> d;
  for (size_t i = 0; i < p.size(); ++i) d.push_back(to_double(in, p[i]) - to_double(in, q[i]));
  if (d.size() == 2) return std::hypot(d[0], d[1]);
  return vector_norm(d);
}

// Note [fsum]: Shewchuk's exact summation with non-overlapping partials,
// then CPython's correction so that halfway cases round to even across
// partials; infinities and nans are summed apart.
Value fsum(Interpreter& in, Args& a) {
  if (a.pos.size() != 1) raise_type_error(fmt::format("math.fsum() takes exactly one argument ({} given)", a.pos.size()));
  std::vector<double> p;
  double special = 0, inf_sum = 0;
  for_each(in, a.pos[0], [&](const Value& item) {
    double x = to_double(in, item), xsave = x;
    size_t i = 0;
    for (double y : p) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      double hi = x + y, lo = y - (hi - x);
      if (lo != 0) p[i++] = lo;
      x = hi;
    }
    p.resize(i);
    if (x != 0) {
      if (!std::isfinite(x)) {
        if (std::isfinite(xsave)) raise_overflow("intermediate overflow in fsum");
        if (std::isinf(xsave)) inf_sum += xsave;
        special += xsave;
        p.clear();
      } else {
        p.push_back(x);
      }
    }
    return true;
  });
  if (special != 0) {
    if (std::isnan(inf_sum)) raise_value_error("-inf + inf in fsum");
    return special;
  }
  double hi = 0, lo = 0;
  size_t n = p.size();
  if (n > 0) {
    hi = p[--n];
    while (n > 0) {
      double x = hi, y = p[--n];
      hi = x + y;
      lo = y - (hi - x);
      if (lo != 0) break;
    }
    if (n > 0 && ((lo < 0 && p[n - 1] < 0) || (lo > 0 && p[n - 1] > 0))) {
      double y = lo * 2, x = hi + y;
      if (y == x - hi) hi = x;
    }
  }
  return hi;
}

Value isclose(Interpreter& in, Args& a) {
  if (a.pos.size() != 2) raise_type_error(fmt::format("isclose() takes exactly 2 positional arguments ({} given)", a.pos.size()));
  double x = to_double(in, a.pos[0]), y = to_double(in, a.pos[1]);
  const Value* rel = a.find_kw("rel_tol");
  const Value* abs_tol_v = a.find_kw("abs_tol");
  double rel_tol = rel ? to_double(in, *rel) : 1e-9, abs_tol = abs_tol_v ? to_double(in, *abs_tol_v) : 0.0;
  if (rel_tol < 0 || abs_tol < 0) raise_value_error("tolerances must be non-negative");
  if (x == y) return true;
  if (std::isinf(x) || std::isinf(y)) return false;
  double diff = std::fabs(y - x);
  return diff <= std::fabs(rel_tol * y) || diff <= std::fabs(rel_tol * x) || diff <= abs_tol;
}

}  // namespace

// Registered by make_math_module (math_module.cpp).
void install_math_float_functions(ModuleObject& m) {
  m.def("gamma", gamma);
  m.def("lgamma", lgamma);
  m.def("pow", pow);
  m.def("fmod", fmod);
  m.def("remainder", remainder);
  m.def("ldexp", ldexp);
  m.def("ulp", ulp);
  m.def("hypot", hypot);
  m.def("dist", dist);
  m.def("fsum", fsum);
  m.def("isclose", isclose);
  m.def("frexp", [](Interpreter& in, Args& a) -> Value {
    double x = num(in, a, 0, "frexp", 1);
    if (!std::isfinite(x) || x == 0) return make_tuple({Value(x), Value(int64_t(0))});
    int e = 0;
    double m = std::frexp(x, &e);
    return make_tuple({Value(m), Value(int64_t(e))});
  });
  m.def("modf", [](Interpreter& in, Args& a) -> Value {
    double x = num(in, a, 0, "modf", 1), ip = 0;
    double frac = std::modf(x, &ip);
    return make_tuple({Value(frac), Value(ip)});
  });
  m.def("nextafter", [](Interpreter& in, Args& a) -> Value {
    return std::nextafter(num(in, a, 0, "nextafter", 2), num(in, a, 1, "nextafter", 2));
  });
}

}  // namespace backstep::rt
