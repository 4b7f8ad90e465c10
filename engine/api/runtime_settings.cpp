// The process-wide switches training scripts set at the top:
// torch.set_num_threads / get_num_threads (and the inter-op pair),
// use_deterministic_algorithms / are_deterministic_algorithms_enabled,
// set_float32_matmul_precision / get_float32_matmul_precision. Each goes
// straight to libtorch's own setting, so the kernels behave as PyTorch's.
#include "engine/runtime/arg_binder.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <ATen/Context.h>
#include <ATen/Parallel.h>
#include <fmt/format.h>

namespace backstep::api {

namespace {

using rt::Args;
using rt::Interpreter;
using rt::Value;

int64_t int_arg(const Value* v, const char* fn) {
  if (!v->is_int_like()) rt::raise_runtime_error(fmt::format("{} expects an int, but got {}", fn, rt::type_name(*v)));
  return v->to_int();
}

bool strict_bool(const Value* v, const char* fn, const char* name, int position) {
  if (!v->is_bool())
    rt::raise_type_error(fmt::format("{}(): argument '{}' {}must be bool, not {}", fn, name,
                                     position ? fmt::format("(position {}) ", position) : "", rt::type_name(*v)));
  return v->as_bool();
}

Value set_num_threads(Interpreter&, Args& a) {
  auto v = rt::bind_args(a, "set_num_threads", {"int"}, 1);
  int64_t n = int_arg(v[0], "set_num_threads");
  if (n <= 0) rt::raise_runtime_error("set_num_threads expects a positive integer");
  at::set_num_threads(static_cast<int>(n));
  return Value();
}

Value set_num_interop_threads(Interpreter&, Args& a) {
  auto v = rt::bind_args(a, "set_num_interop_threads", {"int"}, 1);
  int64_t n = int_arg(v[0], "set_num_interop_threads");
  if (n <= 0) rt::raise_runtime_error("Expected positive number of threads");
  at::set_num_interop_threads(static_cast<int>(n));
  return Value();
}

Value use_deterministic_algorithms(Interpreter&, Args& a) {
  auto v = rt::bind_args(a, "use_deterministic_algorithms", {"mode", "warn_only"}, 1, 1);
  bool mode = strict_bool(v[0], "_set_deterministic_algorithms", "mode", 1);
  bool warn_only = v[1] ? strict_bool(v[1], "_set_deterministic_algorithms", "warn_only", 0) : false;
  at::globalContext().setDeterministicAlgorithms(mode, warn_only);
  return Value();
}

Value set_float32_matmul_precision(Interpreter&, Args& a) {
  auto v = rt::bind_args(a, "set_float32_matmul_precision", {"precision"}, 1);
  auto* s = v[0]->as<rt::StrObject>();
  if (!s)
    rt::raise_type_error(fmt::format("_set_float32_matmul_precision(): argument 'arg0' must be str, not {}",
                                     rt::type_name(*v[0])));
  // An unknown name: libtorch warns and keeps the setting, as in PyTorch.
  at::globalContext().setFloat32MatmulPrecision(s->value);
  return Value();
}

Value get_float32_matmul_precision(Interpreter&, Args&) {
  switch (at::globalContext().float32MatmulPrecision()) {
    case at::Float32MatmulPrecision::HIGH: return rt::make_str("high");
    case at::Float32MatmulPrecision::MEDIUM: return rt::make_str("medium");
    default: return rt::make_str("highest");
  }
}

}  // namespace

void install_runtime_settings(rt::ModuleObject& m) {
  m.def("set_num_threads", set_num_threads);
  m.def("get_num_threads", [](Interpreter&, Args&) { return Value(int64_t(at::get_num_threads())); });
  m.def("set_num_interop_threads", set_num_interop_threads);
  m.def("get_num_interop_threads", [](Interpreter&, Args&) { return Value(int64_t(at::get_num_interop_threads())); });
  m.def("use_deterministic_algorithms", use_deterministic_algorithms);
  m.def("are_deterministic_algorithms_enabled",
        [](Interpreter&, Args&) { return Value(at::globalContext().deterministicAlgorithms()); });
  m.def("is_deterministic_algorithms_warn_only_enabled",
        [](Interpreter&, Args&) { return Value(at::globalContext().deterministicAlgorithmsWarnOnly()); });
  m.def("set_float32_matmul_precision", set_float32_matmul_precision);
  m.def("get_float32_matmul_precision", get_float32_matmul_precision);
}

}  // namespace backstep::api
