#include "engine/runtime/function.h"

#include "engine/runtime/builtin_docs.h"
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
  if (name == "__name__") return make_str(name_);
  if (name == "__qualname__") {
    if (defining_class_) return make_str(defining_class_->name() + "." + name_);
    return make_str(owner_.empty() ? name_ : owner_ + "." + name_);
  }
  if (name == "__module__") {
    if (module_) return make_str(*module_);
    return owner_.empty() ? make_str("builtins") : Value();
  }
  if (name == "__self__") return self_;
  if (name == "__doc__" || name == "__text_signature__") {
    bool signature = name == "__text_signature__";
    if (!signature && doc_) return *doc_;
    if (owner_.empty() && (!module_ || *module_ == "builtins"))
      if (const std::string_view* d = builtin_doc(name_, signature)) return make_str(std::string(*d));
    return Value();
  }
  return std::nullopt;
}

std::vector<std::string> BuiltinFunction::attr_names() const {
  return {"__doc__", "__module__", "__name__", "__qualname__", "__self__", "__text_signature__"};
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

// types.MethodType(function, instance): binds function to instance.
Value method_new(Interpreter& in, TypeObject&, Args& a) {
  expect_no_kwargs(a, "method");
  if (a.pos.size() != 2) raise_type_error(fmt::format("method expected 2 arguments, got {}", a.pos.size()));
  if (!is_callable(a.pos[0])) raise_type_error("first argument must be callable");
  if (a.pos[1].is_none()) raise_type_error("instance must not be None");
  std::string name;
  if (auto n = try_get_attr(in, a.pos[0], "__name__"))
    if (auto* s = n->as<StrObject>()) name = s->value;
  return Value(std::make_shared<BoundMethod>(a.pos[1], a.pos[0], std::move(name)));
}

// A module's own names win over the class attributes of `module` (and
// object) that are not data descriptors: `__lt__ = lt` in operator makes
// operator.__lt__ that function, not object's slot wrapper.
std::optional<Value> module_getattr(Interpreter& in, const Value& self, std::string_view name) {
  if (name != "__class__" && name != "__dict__")
    if (auto v = self.object_ptr()->get_attr(in, name)) return v;
  return generic_getattr(in, self, name);
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
  t.module->slots.getattr = &module_getattr;
  t.cell->slots.call = nullptr;
  t.iterator->slots.call = nullptr;
  t.method->slots.compare = &bound_method_compare;
  t.method->slots.new_ = &method_new;
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
