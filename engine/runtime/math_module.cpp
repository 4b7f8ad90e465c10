// The `math` module.
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cmath>
#include <numeric>

namespace backstep::rt {
namespace {

double arg(Interpreter& in, const Args& a, size_t i, const char* fn) {
  if (i >= a.pos.size()) raise_type_error(fmt::format("{}() missing required argument", fn));
  return to_double(in, a.pos[i]);
}

// Checks a result the way CPython's math module does: NaN from a non-NaN
// input and an infinite result from a finite input are domain/range errors.
double checked(double x, double r) {
  if (std::isnan(r) && !std::isnan(x)) raise_value_error("math domain error");
  if (std::isinf(r) && std::isfinite(x)) raise_overflow("math range error");
  return r;
}

using Unary = double (*)(double);
struct UnaryEntry {
  const char* name;
  Unary fn;
};
const UnaryEntry kUnary[] = {
    {"sqrt", std::sqrt}, {"exp", std::exp},   {"log2", std::log2},   {"log10", std::log10}, {"sin", std::sin},
    {"cos", std::cos},   {"tan", std::tan},   {"asin", std::asin},   {"acos", std::acos},   {"atan", std::atan},
    {"sinh", std::sinh}, {"cosh", std::cosh}, {"tanh", std::tanh},   {"fabs", std::fabs},   {"erf", std::erf},
    {"erfc", std::erfc}, {"expm1", std::expm1}, {"log1p", std::log1p}, {"gamma", std::tgamma}, {"lgamma", std::lgamma},
};

}  // namespace

Value make_math_module(Interpreter&) {
  auto m = make_module("math");
  m->set("pi", M_PI);
  m->set("e", M_E);
  m->set("tau", 2 * M_PI);
  m->set("inf", INFINITY);
  m->set("nan", NAN);
  for (const auto& u : kUnary) {
    Unary fn = u.fn;
    std::string name = u.name;
    m->def(name, [fn, name](Interpreter& in, Args& a) -> Value {
      expect_args(a, name.c_str(), 1, 1);
      double x = arg(in, a, 0, name.c_str());
      return checked(x, fn(x));
    });
  }
  m->def("log", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "log", 1, 2);
    double x = arg(in, a, 0, "log");
    if (x <= 0) raise_value_error("math domain error");
    double r = std::log(x);
    if (a.pos.size() > 1) r /= std::log(arg(in, a, 1, "log"));
    return r;
  });
  m->def("pow", [](Interpreter& in, Args& a) -> Value { return std::pow(arg(in, a, 0, "pow"), arg(in, a, 1, "pow")); });
  m->def("atan2", [](Interpreter& in, Args& a) -> Value { return std::atan2(arg(in, a, 0, "atan2"), arg(in, a, 1, "atan2")); });
  m->def("hypot", [](Interpreter& in, Args& a) -> Value { return std::hypot(arg(in, a, 0, "hypot"), arg(in, a, 1, "hypot")); });
  m->def("copysign", [](Interpreter& in, Args& a) -> Value { return std::copysign(arg(in, a, 0, "copysign"), arg(in, a, 1, "copysign")); });
  m->def("degrees", [](Interpreter& in, Args& a) -> Value { return arg(in, a, 0, "degrees") * 180.0 / M_PI; });
  m->def("radians", [](Interpreter& in, Args& a) -> Value { return arg(in, a, 0, "radians") * M_PI / 180.0; });
  auto to_int = [](const char* name, double (*f)(double)) {
    return [name, f](Interpreter& in, Args& a) -> Value {
      expect_args(a, name, 1, 1);
      if (a.pos[0].is_int_like()) return a.pos[0].to_int();
      double x = arg(in, a, 0, name);
      if (std::isnan(x)) raise_value_error("cannot convert float NaN to integer");
      if (std::isinf(x)) raise_overflow("cannot convert float infinity to integer");
      return static_cast<int64_t>(f(x));
    };
  };
  m->def("floor", to_int("floor", std::floor));
  m->def("ceil", to_int("ceil", std::ceil));
  m->def("trunc", to_int("trunc", std::trunc));
  m->def("isnan", [](Interpreter& in, Args& a) -> Value { return std::isnan(arg(in, a, 0, "isnan")); });
  m->def("isinf", [](Interpreter& in, Args& a) -> Value { return std::isinf(arg(in, a, 0, "isinf")); });
  m->def("isfinite", [](Interpreter& in, Args& a) -> Value { return std::isfinite(arg(in, a, 0, "isfinite")); });
  m->def("isclose", [](Interpreter& in, Args& a) -> Value {
    double x = arg(in, a, 0, "isclose"), y = arg(in, a, 1, "isclose");
    double rel = a.find_kw("rel_tol") ? to_double(in, *a.find_kw("rel_tol")) : 1e-9;
    double abs_tol = a.find_kw("abs_tol") ? to_double(in, *a.find_kw("abs_tol")) : 0.0;
    if (x == y) return true;
    if (std::isinf(x) || std::isinf(y)) return false;
    double d = std::fabs(x - y);
    return d <= std::fabs(rel * y) || d <= std::fabs(rel * x) || d <= abs_tol;
  });
  m->def("factorial", [](Interpreter&, Args& a) -> Value {
    int64_t n = a.pos.at(0).to_int();
    if (n < 0) raise_value_error("factorial() not defined for negative values");
    int64_t r = 1;
    for (int64_t i = 2; i <= n; ++i)
      if (__builtin_mul_overflow(r, i, &r)) raise_overflow("integer overflow: backstep's ints are 64-bit");
    return r;
  });
  m->def("gcd", [](Interpreter&, Args& a) -> Value {
    int64_t g = 0;
    for (const auto& v : a.pos) g = std::gcd(g, v.to_int());
    return g;
  });
  m->def("prod", [](Interpreter& in, Args& a) -> Value {
    Value total = int64_t(1);
    for_each(in, a.pos.at(0), [&](const Value& v) {
      total = binary(in, BinOp::Mul, total, v);
      return true;
    });
    return total;
  });
  m->def("fsum", [](Interpreter& in, Args& a) -> Value {
    long double s = 0;
    for_each(in, a.pos.at(0), [&](const Value& v) {
      s += to_double(in, v);
      return true;
    });
    return static_cast<double>(s);
  });
  return Value(m);
}

}  // namespace backstep::rt
