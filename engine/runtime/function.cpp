#include "engine/runtime/function.h"

#include "engine/runtime/builtin_slots.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/hashing.h"
#include "engine/runtime/instance.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::rt {

std::string BuiltinFunction::repr(Interpreter&) const {
  if (owner_.empty()) return "<built-in function " + name_ + ">";
  return fmt::format("<built-in method {} of {} object at {:#x}>", name_, owner_, owner_id_);
}

std::optional<Value> BuiltinFunction::get_attr(Interpreter&, std::string_view name) {
  if (name == "__name__" || name == "__qualname__") return make_str(name_);
  return std::nullopt;
}

Value make_builtin(std::string name, BuiltinFunction::Fn fn) {
  return Value(std::make_shared<BuiltinFunction>(std::move(name), std::move(fn)));
}

std::string BoundMethod::repr(Interpreter& in) const {
  // CPython names the function by its __qualname__ (Net.forward).
  std::string fname = name;
  if (auto q = try_get_attr(in, func, "__qualname__"))
    if (auto* s = q->as<StrObject>()) fname = s->value;
  return fmt::format("<bound method {} of {}>", fname, rt::repr(in, self));
}

Value BoundMethod::call(Interpreter& in, Args& args) {
  args.pos.insert(args.pos.begin(), self);
  return rt::call(in, func, args);
}

// A bound method answers for its function (m.__name__, m.__doc__, ...).
std::optional<Value> BoundMethod::get_attr(Interpreter& in, std::string_view attr) {
  if (attr == "__self__") return self;
  if (attr == "__func__") return func;
  return try_get_attr(in, func, attr);
}

namespace {

Value bound_method_compare(Interpreter& in, const Value& a, const Value& b, CmpOp op) {
  auto* x = a.as<BoundMethod>();
  auto* y = b.as<BoundMethod>();
  if (!y || (op != CmpOp::Eq && op != CmpOp::Ne)) return not_implemented();
  bool same = is_same(x->self, y->self) && equals(in, x->func, y->func);
  return op == CmpOp::Eq ? same : !same;
}

int64_t bound_method_hash(Interpreter& in, const Value& v) {
  auto* m = v.as<BoundMethod>();
  return hash_pointer(identity(m->self)) ^ hash_value(in, m->func);
}

}  // namespace

void install_function_slots() {
  auto& t = mutable_types();
  // Classes whose objects are C++ objects with their own call and methods.
  for (TypeObject* c : {t.builtin_function, t.method, t.generic, t.node, t.module, t.cell, t.iterator}) {
    c->slots.call = &native_call;
    c->slots.call_method = &native_call_method;
  }
  t.module->slots.call = nullptr;
  t.cell->slots.call = nullptr;
  t.iterator->slots.call = nullptr;
  t.method->slots.compare = &bound_method_compare;
  t.method->slots.hash = &bound_method_hash;
}

void expect_args(const Args& a, const char* fn, size_t min, size_t max) {
  size_t n = a.pos.size();
  if (n >= min && n <= max) return;
  if (min == max) {
    if (min == 0) raise_type_error(fmt::format("{}() takes no arguments ({} given)", fn, n));
    if (min == 1) raise_type_error(fmt::format("{}() takes exactly one argument ({} given)", fn, n));
    raise_type_error(fmt::format("{} expected {} arguments, got {}", fn, min, n));
  }
  if (n < min) raise_type_error(fmt::format("{} expected at least {} argument{}, got {}", fn, min, min == 1 ? "" : "s", n));
  raise_type_error(fmt::format("{} expected at most {} argument{}, got {}", fn, max, max == 1 ? "" : "s", n));
}

void expect_no_kwargs(const Args& a, const char* fn) {
  if (!a.kw.empty()) raise_type_error(fmt::format("{}() takes no keyword arguments", fn));
}

const Value* arg_or_kw(const Args& a, size_t index, std::string_view name) {
  if (index < a.pos.size()) return &a.pos[index];
  return a.find_kw(name);
}

}  // namespace backstep::rt
