// The builtins about classes and objects: isinstance and issubclass (with a
// metaclass's __instancecheck__/__subclasscheck__), callable, hash, id,
// delattr, vars, globals, NotImplemented.
#include "engine/runtime/frame_locals.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::rt {

namespace {

bool is_class_spec(const Value& spec) { return spec.as<TypeObject>() != nullptr; }

// A metaclass's __instancecheck__ / __subclasscheck__ when it defines its
// own (abc.ABCMeta does); nullopt for plain classes.
std::optional<Value> check_hook(Interpreter& in, const Value& spec, const char* name) {
  const TypeObject& meta = type_of(spec);
  if (&meta == types().type) return std::nullopt;
  const Value* f = meta.lookup(name);
  if (!f || meta.lookup_owner(name) == types().type) return std::nullopt;
  return bind_descriptor(in, *f, spec, meta);
}

bool isinstance_of(Interpreter& in, const Value& v, const Value& spec) {
  if (auto* t = spec.as<TypeObject>()) {
    if (type_of(v).is_subtype_of(*t)) return true;  // the exact check first, as CPython does
    if (auto hook = check_hook(in, spec, "__instancecheck__")) return truthy(in, call(in, *hook, {v}));
    // An instance whose __class__ says otherwise (mock objects, proxies).
    return false;
  }
  if (auto* tuple = spec.as<TupleObject>()) {
    for (const auto& item : tuple->items)
      if (isinstance_of(in, v, item)) return true;
    return false;
  }
  if (auto hook = check_hook(in, spec, "__instancecheck__")) return truthy(in, call(in, *hook, {v}));
  raise_type_error("isinstance() arg 2 must be a type, a tuple of types, or a union");
}

bool issubclass_of(Interpreter& in, const Value& cls, const Value& spec) {
  if (auto* tuple = spec.as<TupleObject>()) {
    for (const auto& item : tuple->items)
      if (issubclass_of(in, cls, item)) return true;
    return false;
  }
  if (auto hook = check_hook(in, spec, "__subclasscheck__")) return truthy(in, call(in, *hook, {cls}));
  if (!is_class_spec(spec)) raise_type_error("issubclass() arg 2 must be a class, a tuple of classes, or a union");
  auto* c = cls.as<TypeObject>();
  if (!c) raise_type_error("issubclass() arg 1 must be a class");
  return c->is_subtype_of(*spec.as<TypeObject>());
}

Value b_isinstance(Interpreter& in, Args& a) {
  expect_no_kwargs(a, "isinstance");
  expect_args(a, "isinstance", 2, 2);
  return isinstance_of(in, a.pos[0], a.pos[1]);
}

Value b_issubclass(Interpreter& in, Args& a) {
  expect_no_kwargs(a, "issubclass");
  expect_args(a, "issubclass", 2, 2);
  return issubclass_of(in, a.pos[0], a.pos[1]);
}

Value b_callable(Interpreter&, Args& a) {
  expect_args(a, "callable", 1, 1);
  return is_callable(a.pos[0]);
}

Value b_hash(Interpreter& in, Args& a) {
  expect_args(a, "hash", 1, 1);
  return hash_value(in, a.pos[0]);
}

Value b_id(Interpreter&, Args& a) {
  expect_args(a, "id", 1, 1);
  return static_cast<int64_t>(identity(a.pos[0]));
}

Value b_delattr(Interpreter& in, Args& a) {
  expect_args(a, "delattr", 2, 2);
  auto* name = a.pos[1].as<StrObject>();
  if (!name) raise_type_error(fmt::format("attribute name must be string, not '{}'", type_name(a.pos[1])));
  del_attr(in, a.pos[0], name->value);
  return Value();
}

Value b_vars(Interpreter& in, Args& a) {
  expect_args(a, "vars", 0, 1);
  if (a.pos.empty()) return current_locals(in);
  auto d = try_get_attr(in, a.pos[0], "__dict__");
  if (!d) raise_type_error("vars() argument must have __dict__ attribute");
  return *d;
}

// globals(): the calling module's live namespace (frame_locals.h).
Value b_globals(Interpreter& in, Args& a) {
  expect_args(a, "globals", 0, 0);
  return module_namespace(in);
}

}  // namespace

void install_class_builtins(Interpreter& in) {
  static const std::pair<const char*, Value (*)(Interpreter&, Args&)> functions[] = {
      {"isinstance", b_isinstance}, {"issubclass", b_issubclass}, {"callable", b_callable}, {"hash", b_hash},
      {"id", b_id},                 {"delattr", b_delattr},       {"vars", b_vars},
      {"globals", b_globals},
      {"locals", [](Interpreter& in, Args& a) -> Value {
         expect_args(a, "locals", 0, 0);
         return current_locals(in);
       }},
  };
  for (const auto& [name, fn] : functions) in.set_builtin(name, make_builtin(name, fn));
  in.set_builtin("NotImplemented", not_implemented());
}

}  // namespace backstep::rt
