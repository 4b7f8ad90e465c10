#include "engine/runtime/script_function.h"

#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::rt {

std::string ScriptFunction::repr(Interpreter&) const {
  return fmt::format("<function {} at {:#x}>", qualname, address());
}

Value ScriptFunction::call(Interpreter& in, Args& args) { return in.call_function(*this, args); }

namespace {

ScriptFunction& fn(const Value& v) { return *static_cast<ScriptFunction*>(v.object_ptr()); }

Value function_call(Interpreter& in, const Value& self, Args& args) { return in.call_function(fn(self), args); }

// A function read through an instance is a bound method.
Value function_get(Interpreter&, const Value& self, const Value& obj, const TypeObject&) {
  if (is_unbound(obj)) return self;
  return Value(std::make_shared<BoundMethod>(obj, self, fn(self).name));
}

std::string string_value(const Value* v, const char* what) {
  auto* s = v ? v->as<StrObject>() : nullptr;
  if (!s) raise_type_error(fmt::format("{} must be set to a string object", what));
  return s->value;
}

// __defaults__: the defaults of the positional parameters that have one.
Value defaults_of(const ScriptFunction& f) {
  std::vector<Value> out;
  const auto& params = f.code->params;
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i].kind == lang::Param::Kind::Positional && !is_unbound(f.defaults[i])) out.push_back(f.defaults[i]);
  return out.empty() ? Value() : make_tuple(std::move(out));
}

void set_defaults(Interpreter& in, ScriptFunction& f, const Value* v) {
  std::vector<Value> given = (v && !v->is_none()) ? to_vector(in, *v) : std::vector<Value>{};
  // The last len(given) positional parameters take them, as CPython does.
  std::vector<size_t> positional;
  for (size_t i = 0; i < f.code->params.size(); ++i)
    if (f.code->params[i].kind == lang::Param::Kind::Positional) positional.push_back(i);
  for (size_t i : positional) f.defaults[i] = unbound();
  size_t first = positional.size() > given.size() ? positional.size() - given.size() : 0;
  for (size_t k = 0; k + first < positional.size() && k < given.size(); ++k) f.defaults[positional[first + k]] = given[k];
}

Value kwdefaults_of(const ScriptFunction& f) {
  auto d = std::make_shared<DictObject>();
  const auto& params = f.code->params;
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i].kind == lang::Param::Kind::KwOnly && !is_unbound(f.defaults[i])) d->set_str(params[i].name, f.defaults[i]);
  return d->size() ? Value(d) : Value();
}

}  // namespace

void install_script_function_type() {
  TypeObject& t = *mutable_types().function;
  t.set_instances_have_dict(true);
  t.slots.call = &function_call;
  t.slots.descr_get = &function_get;
  t.slots.call_method = nullptr;
  add_getset(
      t, "__name__", [](Interpreter&, const Value& self) { return make_str(fn(self).name); },
      [](Interpreter&, const Value& self, const Value* v) { fn(self).name = string_value(v, "__name__"); });
  add_getset(
      t, "__qualname__", [](Interpreter&, const Value& self) { return make_str(fn(self).qualname); },
      [](Interpreter&, const Value& self, const Value* v) { fn(self).qualname = string_value(v, "__qualname__"); });
  add_getset(
      t, "__module__", [](Interpreter&, const Value& self) { return fn(self).module; },
      [](Interpreter&, const Value& self, const Value* v) { fn(self).module = v ? *v : Value(); });
  add_getset(
      t, "__doc__", [](Interpreter&, const Value& self) { return fn(self).doc; },
      [](Interpreter&, const Value& self, const Value* v) { fn(self).doc = v ? *v : Value(); });
  add_getset(
      t, "__defaults__", [](Interpreter&, const Value& self) { return defaults_of(fn(self)); },
      [](Interpreter& in, const Value& self, const Value* v) { set_defaults(in, fn(self), v); });
  add_getset(t, "__kwdefaults__", [](Interpreter&, const Value& self) { return kwdefaults_of(fn(self)); });
  add_getset(t, "__closure__", [](Interpreter&, const Value& self) -> Value {
    const auto& cells = fn(self).free_cells;
    if (cells.empty()) return Value();
    std::vector<Value> out(cells.begin(), cells.end());
    return make_tuple(std::move(out));
  });
  add_getset(t, "__annotations__", [](Interpreter&, const Value& self) -> Value {
    ScriptFunction& f = fn(self);
    if (f.annotations.is_none()) f.annotations = Value(std::make_shared<DictObject>());
    return f.annotations;
  },
  // functools.wraps and dataclasses assign it; `del f.__annotations__` leaves a fresh {} next time.
  [](Interpreter&, const Value& self, const Value* v) {
    if (v && !v->is_none() && !v->as<DictObject>()) raise_type_error("__annotations__ must be set to a dict object");
    fn(self).annotations = v ? *v : Value();
  });
}

}  // namespace backstep::rt
