// The `math` module.
#include "engine/runtime/big_int.h"
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

void expect_one(const Args& a, const char* fn) {
  if (a.pos.size() != 1 || !a.kw.empty())
    raise_type_error(fmt::format("math.{}() takes exactly one argument ({} given)", fn, a.pos.size() + a.kw.size()));
}

double arg(Interpreter& in, const Args& a, size_t i, const char* fn) {
  if (i >= a.pos.size()) raise_type_error(fmt::format("{}() missing required argument", fn));
  return to_double(in, a.pos[i]);
}

// CPython's math_1: NaN from a non-NaN argument is a domain error; an
// infinite result from a finite argument is a range error where the
// function can overflow (exp, cosh, ...) and a domain error (a pole) where
// it cannot (log(0), atanh(1)).
double checked(double x, double r, bool can_overflow) {
  if (std::isnan(r) && !std::isnan(x)) raise_value_error("math domain error");
  if (std::isinf(r) && std::isfinite(x)) {
    if (can_overflow) raise_overflow("math range error");
    raise_value_error("math domain error");
  }
  return r;
}

using Unary = double (*)(double);
struct UnaryEntry {
  const char* name;
  Unary fn;
  bool can_overflow;
};
const UnaryEntry kUnary[] = {
    {"sqrt", std::sqrt, false},   {"exp", std::exp, true},       {"exp2", std::exp2, true},
    {"log2", std::log2, false},   {"log10", std::log10, false},  {"sin", std::sin, false},
    {"cos", std::cos, false},     {"tan", std::tan, false},      {"asin", std::asin, false},
    {"acos", std::acos, false},   {"atan", std::atan, false},    {"sinh", std::sinh, true},
    {"cosh", std::cosh, true},    {"tanh", std::tanh, false},    {"asinh", std::asinh, false},
    {"acosh", std::acosh, false}, {"atanh", std::atanh, false},  {"fabs", std::fabs, false},
    {"erf", std::erf, false},     {"erfc", std::erfc, false},    {"expm1", std::expm1, true},
    {"log1p", std::log1p, false}, {"cbrt", std::cbrt, false},
};

}  // namespace

void install_math_int_functions(Interpreter& in, ModuleObject& m);  // math_int.cpp

void install_math_float_functions(ModuleObject& m);                 // math_float.cpp

Value make_math_module(Interpreter& in) {
  auto m = make_module("math");
  m->set("pi", M_PI);
  m->set("e", M_E);
  m->set("tau", 2 * M_PI);
  m->set("inf", INFINITY);
  m->set("nan", NAN);
  for (const auto& u : kUnary) {
    UnaryEntry e = u;
    m->def(e.name, [e](Interpreter& in, Args& a) -> Value {
      expect_one(a, e.name);
      double x = arg(in, a, 0, e.name);
      return checked(x, e.fn(x), e.can_overflow);
    });
  }
  m->def("log", [](Interpreter& in, Args& a) -> Value {
    if (a.pos.empty() || a.pos.size() > 2) raise_type_error(fmt::format("log expected 1 or 2 arguments, got {}", a.pos.size()));
    auto ln = [](double x) {
      if (std::isnan(x)) return x;
      if (x <= 0) raise_value_error("math domain error");
      return std::log(x);
    };
    double r = ln(arg(in, a, 0, "log"));
    if (a.pos.size() > 1) {
      double base = ln(arg(in, a, 1, "log"));
      if (base == 0) raise_zero_division("float division by zero");
      r /= base;
    }
    return r;
  });
  install_math_float_functions(*m);
  m->def("atan2", [](Interpreter& in, Args& a) -> Value { return std::atan2(arg(in, a, 0, "atan2"), arg(in, a, 1, "atan2")); });
  m->def("copysign", [](Interpreter& in, Args& a) -> Value { return std::copysign(arg(in, a, 0, "copysign"), arg(in, a, 1, "copysign")); });
  m->def("degrees", [](Interpreter& in, Args& a) -> Value { return arg(in, a, 0, "degrees") * 180.0 / M_PI; });
  m->def("radians", [](Interpreter& in, Args& a) -> Value { return arg(in, a, 0, "radians") * M_PI / 180.0; });
  auto to_int = [](const char* name, double (*f)(double)) {
    return [name, f](Interpreter& in, Args& a) -> Value {
      expect_args(a, name, 1, 1);
      if (a.pos[0].is_int_like()) return a.pos[0].to_int();
      if (is_big_int(a.pos[0])) return make_int(*big_int_of(a.pos[0]));
      double x = arg(in, a, 0, name);
      if (std::isnan(x)) raise_value_error("cannot convert float NaN to integer");
      if (std::isinf(x)) raise_overflow("cannot convert float infinity to integer");
      return int_from_double(f(x));
    };
  };
  m->def("floor", to_int("floor", std::floor));
  m->def("ceil", to_int("ceil", std::ceil));
  m->def("trunc", to_int("trunc", std::trunc));
  m->def("isnan", [](Interpreter& in, Args& a) -> Value { return std::isnan(arg(in, a, 0, "isnan")); });
  m->def("isinf", [](Interpreter& in, Args& a) -> Value { return std::isinf(arg(in, a, 0, "isinf")); });
  m->def("isfinite", [](Interpreter& in, Args& a) -> Value { return std::isfinite(arg(in, a, 0, "isfinite")); });
  m->def("prod", [](Interpreter& in, Args& a) -> Value {
    if (a.pos.size() != 1) raise_type_error(fmt::format("prod() takes exactly 1 positional argument ({} given)", a.pos.size()));
    const Value* start = a.find_kw("start");
    Value total = start ? *start : Value(int64_t(1));
    for_each(in, a.pos[0], [&](const Value& v) {
      total = binary(in, BinOp::Mul, total, v);
      return true;
    });
    return total;
  });
  install_math_int_functions(in, *m);
  return Value(m);
}

}  // namespace backstep::rt
