// The `gc` module: CPython's interface to the cycle collector (gc.h), with
// its argument checks and messages.
#include "engine/runtime/big_int.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/gc.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <climits>

namespace backstep::rt {
namespace {

void no_arguments(const Args& a, const char* name) {
  if (!a.kw.empty() && a.pos.empty()) raise_type_error(fmt::format("gc.{}() takes no keyword arguments", name));
  if (!a.pos.empty() || !a.kw.empty())
    raise_type_error(fmt::format("gc.{}() takes no arguments ({} given)", name, a.pos.size() + a.kw.size()));
}

// An argument converted as PyArg's "i" (C int) or "l" (C long) converts it.
int64_t integer_arg(const Value& v, int64_t min, int64_t max, const char* c_type) {
  std::optional<Value> n = unbox_number(v);
  if (v.as<BigIntObject>()) raise_overflow(fmt::format("Python int too large to convert to C {}", c_type));
  if (!n || !n->is_int_like())
    raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  int64_t x = n->to_int();
  if (x < min || x > max) raise_overflow(fmt::format("Python int too large to convert to C {}", c_type));
  return x;
}

Value collect(Interpreter& in, Args& a) {
  if (a.pos.size() + a.kw.size() > 1)
    raise_type_error(fmt::format("collect() takes at most 1 argument ({} given)", a.pos.size() + a.kw.size()));
  for (const auto& k : a.kw)
    if (k.name != "generation")
      raise_type_error(fmt::format("'{}' is an invalid keyword argument for collect()", k.name));
  const Value* g = arg_or_kw(a, 0, "generation");
  int64_t generation = g ? integer_arg(*g, INT_MIN, INT_MAX, "int") : kGcGenerations - 1;
  if (generation < 0 || generation >= kGcGenerations) raise_value_error("invalid generation");
  if (generation == kGcGenerations - 1) return Value(gc_collect_full(in));
  return Value(gc_collect(in, static_cast<int>(generation)));
}

Value set_threshold(Interpreter&, Args& a) {
  if (!a.kw.empty()) raise_type_error("set_threshold() takes no keyword arguments");
  if (a.pos.empty()) raise_type_error("set_threshold() takes at least 1 argument (0 given)");
  if (a.pos.size() > 3)
    raise_type_error(fmt::format("set_threshold() takes at most 3 arguments ({} given)", a.pos.size()));
  int64_t values[kGcGenerations];
  for (size_t i = 0; i < a.pos.size(); ++i) values[i] = integer_arg(a.pos[i], INT64_MIN, INT64_MAX, "long");
  for (size_t i = 0; i < a.pos.size(); ++i) gc_set_threshold(static_cast<int>(i), values[i]);
  return Value();
}

Value get_objects(Interpreter&, Args& a) {
  if (a.pos.size() + a.kw.size() > 1)
    raise_type_error(fmt::format("get_objects() takes at most 1 argument ({} given)", a.pos.size() + a.kw.size()));
  for (const auto& k : a.kw)
    if (k.name != "generation")
      raise_type_error(fmt::format("'{}' is an invalid keyword argument for get_objects()", k.name));
  const Value* g = arg_or_kw(a, 0, "generation");
  int64_t generation = -1;
  if (g && !g->is_none()) {
    if (!unbox_number(*g) || !unbox_number(*g)->is_int_like())
      raise_type_error(fmt::format("argument should be integer or None, not '{}'", type_name(*g)));
    generation = integer_arg(*g, INT_MIN, INT_MAX, "int");
    if (generation >= kGcGenerations)
      raise_value_error("generation parameter must be less than the number of available generations (3)");
    if (generation < 0) raise_value_error("generation parameter cannot be negative");
  }
  return make_list(gc_objects(static_cast<int>(generation)));
}

Value is_tracked(Interpreter&, Args& a) {
  if (!a.kw.empty()) raise_type_error("gc.is_tracked() takes no keyword arguments");
  if (a.pos.size() != 1)
    raise_type_error(fmt::format("gc.is_tracked() takes exactly one argument ({} given)", a.pos.size()));
  Object* o = a.pos[0].object_ptr();
  return Value(o != nullptr && o->gc_tracked());
}

}  // namespace

Value make_gc_module(Interpreter&) {
  auto m = make_module("gc");
  m->def("collect", collect);
  m->def("enable", [](Interpreter&, Args& a) -> Value {
    no_arguments(a, "enable");
    gc_set_enabled(true);
    return Value();
  });
  m->def("disable", [](Interpreter&, Args& a) -> Value {
    no_arguments(a, "disable");
    gc_set_enabled(false);
    return Value();
  });
  m->def("isenabled", [](Interpreter&, Args& a) -> Value {
    no_arguments(a, "isenabled");
    return Value(gc_enabled());
  });
  m->def("get_threshold", [](Interpreter&, Args& a) -> Value {
    no_arguments(a, "get_threshold");
    return make_tuple({Value(gc_threshold(0)), Value(gc_threshold(1)), Value(gc_threshold(2))});
  });
  m->def("set_threshold", set_threshold);
  m->def("get_count", [](Interpreter&, Args& a) -> Value {
    no_arguments(a, "get_count");
    return make_tuple({Value(gc_count(0)), Value(gc_count(1)), Value(gc_count(2))});
  });
  m->def("is_tracked", is_tracked);
  m->def("get_objects", get_objects);
  // Nothing is ever uncollectable here (no legacy finalizers), and no
  // callbacks are called: the lists exist for programs that look at them.
  m->set("garbage", make_list({}));
  m->set("callbacks", make_list({}));
  return Value(m);
}

}  // namespace backstep::rt
