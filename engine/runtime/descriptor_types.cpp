// property, staticmethod, classmethod and super: the descriptor classes
// scripts name (and subclass: functools.cached_property-like classes,
// abc.abstractproperty), with CPython 3.11's behaviour and messages.
#include "engine/runtime/builtin_slots.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/instance.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/script_function.h"

#include <fmt/format.h>

namespace backstep::rt {

namespace {

// --- property ------------------------------------------------------------------

PropertyObject& prop(const Value& v) { return *static_cast<PropertyObject*>(v.object_ptr()); }

// The name __set_name__ gave the property (for its messages), if any.
std::string property_name(Interpreter& in, const Value& self) {
  if (DictObject* d = self.object_ptr()->instance_dict())
    if (const Value* n = d->find_str("__backstep_name__")) return repr(in, *n);
  return std::string();
}

[[noreturn]] void no_accessor(Interpreter& in, const Value& self, const Value& obj, const char* what) {
  std::string name = property_name(in, self);
  if (name.empty()) raise_attribute_error(fmt::format("can't {} attribute", what));
  const char* accessor = std::string_view(what) == "get" ? "getter" : std::string_view(what) == "set" ? "setter" : "deleter";
  raise_attribute_error(
      fmt::format("property {} of '{}' object has no {}", name, type_of(obj).qualname(), accessor));
}

Value property_new(Interpreter&, TypeObject& cls, Args&) { return Value(std::make_shared<PropertyObject>(&cls)); }

void property_init(Interpreter&, const Value& self, Args& a) {
  static const char* names[] = {"fget", "fset", "fdel", "doc"};
  if (a.pos.size() > 4) raise_type_error(fmt::format("property() takes at most 4 arguments ({} given)", a.pos.size()));
  Value vals[4];
  for (size_t i = 0; i < a.pos.size(); ++i) vals[i] = a.pos[i];
  for (const auto& kw : a.kw) {
    size_t i = 0;
    while (i < 4 && kw.name != names[i]) ++i;
    if (i == 4) raise_type_error(fmt::format("'{}' is an invalid keyword argument for property()", kw.name));
    vals[i] = kw.value;
  }
  PropertyObject& p = prop(self);
  p.fget = vals[0];
  p.fset = vals[1];
  p.fdel = vals[2];
  p.doc = vals[3];
  // A property without a doc takes its getter's, as CPython does.
  if (p.doc.is_none() && !p.fget.is_none())
    if (auto d = try_get_attr(Interpreter::current(), p.fget, "__doc__")) p.doc = *d;
}

Value property_get(Interpreter& in, const Value& self, const Value& obj, const TypeObject&) {
  if (is_unbound(obj)) return self;
  PropertyObject& p = prop(self);
  if (p.fget.is_none()) no_accessor(in, self, obj, "get");
  return call(in, p.fget, {obj});
}

void property_set(Interpreter& in, const Value& self, const Value& obj, const Value* v) {
  PropertyObject& p = prop(self);
  const Value& f = v ? p.fset : p.fdel;
  if (f.is_none()) no_accessor(in, self, obj, v ? "set" : "delete");
  if (v) call(in, f, {obj, *v});
  else call(in, f, {obj});
}

// getter/setter/deleter: a copy (of the same class) with one function replaced.
Value property_with(Interpreter& in, const Value& self, int which, const Value& f) {
  PropertyObject& p = prop(self);
  Value vals[4] = {p.fget, p.fset, p.fdel, p.doc};
  vals[which] = f;
  if (which == 0) vals[3] = Value();  // the new getter's doc
  Value copy = call(in, type_value(type_of(self)), {vals[0], vals[1], vals[2], vals[3]});
  if (DictObject* d = self.object_ptr()->instance_dict())
    if (const Value* n = d->find_str("__backstep_name__"))
      copy.object_ptr()->ensure_instance_dict().set_str("__backstep_name__", *n);
  return copy;
}

void install_property(TypeObject& t) {
  t.set_instances_have_dict(true);
  t.slots.new_ = &property_new;
  t.slots.init = &property_init;
  t.slots.descr_get = &property_get;
  t.slots.descr_set = &property_set;
  add_getset(t, "fget", [](Interpreter&, const Value& s) { return prop(s).fget; });
  add_getset(t, "fset", [](Interpreter&, const Value& s) { return prop(s).fset; });
  add_getset(t, "fdel", [](Interpreter&, const Value& s) { return prop(s).fdel; });
  add_getset(
      t, "__doc__", [](Interpreter&, const Value& s) { return prop(s).doc; },
      [](Interpreter&, const Value& s, const Value* v) { prop(s).doc = v ? *v : Value(); });
  add_getset(t, "__isabstractmethod__", [](Interpreter& in, const Value& s) -> Value {
    for (const Value* f : {&prop(s).fget, &prop(s).fset, &prop(s).fdel})
      if (auto v = try_get_attr(in, *f, "__isabstractmethod__"); v && truthy(in, *v)) return true;
    return false;
  });
  const char* names[] = {"getter", "setter", "deleter"};
  for (int i = 0; i < 3; ++i)
    add_method(t, names[i], [i](Interpreter& in, const Value& self, Args& a) {
      expect_args(a, i == 0 ? "getter" : i == 1 ? "setter" : "deleter", 1, 1);
      return property_with(in, self, i, a.pos[0]);
    });
  add_method(t, "__set_name__", [](Interpreter&, const Value& self, Args& a) {
    expect_args(a, "__set_name__", 2, 2);
    self.object_ptr()->ensure_instance_dict().set_str("__backstep_name__", a.pos[1]);
    return Value();
  });
}

// --- staticmethod and classmethod ------------------------------------------------

Value& wrapped(const Value& v) {
  if (auto* s = v.as<StaticMethodObject>()) return s->func;
  return v.as<ClassMethodObject>()->func;
}

void install_wrapper_common(TypeObject& t) {
  t.set_instances_have_dict(true);
  add_getset(t, "__func__", [](Interpreter&, const Value& s) { return wrapped(s); });
  add_getset(t, "__wrapped__", [](Interpreter&, const Value& s) { return wrapped(s); });
  add_getset(t, "__isabstractmethod__", [](Interpreter& in, const Value& s) -> Value {
    auto v = try_get_attr(in, wrapped(s), "__isabstractmethod__");
    return v && truthy(in, *v);
  });
  // The function's own attributes show through (__name__, __doc__, ...).
  t.slots.getattr = [](Interpreter& in, const Value& self, std::string_view name) -> std::optional<Value> {
    if (auto v = generic_getattr(in, self, name)) return v;
    if (name == "__name__" || name == "__qualname__" || name == "__doc__" || name == "__module__")
      return try_get_attr(in, wrapped(self), name);
    return std::nullopt;
  };
}

void install_staticmethod(TypeObject& t) {
  install_wrapper_common(t);
  t.slots.new_ = [](Interpreter&, TypeObject& cls, Args& a) -> Value {
    if (a.pos.size() != 1) raise_type_error(fmt::format("staticmethod expected 1 argument, got {}", a.pos.size()));
    return Value(std::make_shared<StaticMethodObject>(&cls, a.pos[0]));
  };
  t.slots.init = [](Interpreter&, const Value&, Args&) {};
  t.slots.descr_get = [](Interpreter&, const Value& self, const Value&, const TypeObject&) { return wrapped(self); };
  t.slots.call = [](Interpreter& in, const Value& self, Args& a) { return call(in, wrapped(self), a); };
}

void install_classmethod(TypeObject& t) {
  install_wrapper_common(t);
  t.slots.new_ = [](Interpreter&, TypeObject& cls, Args& a) -> Value {
    if (a.pos.size() != 1) raise_type_error(fmt::format("classmethod expected 1 argument, got {}", a.pos.size()));
    return Value(std::make_shared<ClassMethodObject>(&cls, a.pos[0]));
  };
  t.slots.init = [](Interpreter&, const Value&, Args&) {};
  // Bound to the class it is looked up on (the owner), also through an instance.
  t.slots.descr_get = [](Interpreter&, const Value& self, const Value&, const TypeObject& owner) -> Value {
    return Value(std::make_shared<BoundMethod>(type_value(owner), wrapped(self), "classmethod"));
  };
}

// --- super ------------------------------------------------------------------------

SuperObject& sup(const Value& v) { return *static_cast<SuperObject*>(v.object_ptr()); }

// super(type, obj_or_type): which class's MRO to search.
const TypeObject* super_check(const TypeObject& start, const Value& obj) {
  if (auto* t = obj.as<TypeObject>(); t && t->is_subtype_of(start)) return t;
  const TypeObject& ot = type_of(obj);
  if (ot.is_subtype_of(start)) return &ot;
  raise_type_error("super(type, obj): obj must be an instance or subtype of type");
}

Value super_new(Interpreter& in, TypeObject& cls, Args& a) {
  auto s = std::make_shared<SuperObject>(&cls);
  if (a.pos.empty()) return make_super(in, a);
  auto* start = a.pos[0].as<TypeObject>();
  if (!start) raise_type_error(fmt::format("super() argument 1 must be a type, not {}", type_name(a.pos[0])));
  s->start = start;
  if (a.pos.size() > 1) {
    s->obj = a.pos[1];
    s->obj_type = super_check(*start, a.pos[1]);
  } else {
    s->obj = unbound();
  }
  return Value(s);
}

std::optional<Value> super_getattr(Interpreter& in, const Value& self, std::string_view name) {
  SuperObject& s = sup(self);
  if (s.obj_type && name != "__class__") {
    const auto& mro = s.obj_type->mro();
    size_t i = 0;
    while (i < mro.size() && mro[i] != s.start) ++i;
    for (++i; i < mro.size(); ++i) {
      const Value* v = mro[i]->dict().find_str(name);
      if (!v) continue;
      // Bound to the instance, or unbound when super() was given a class.
      bool cls_only = s.obj.as<TypeObject>() == s.obj_type;
      return bind_descriptor(in, *v, cls_only ? unbound() : s.obj, *s.obj_type);
    }
  }
  if (name == "__thisclass__") return type_value(*s.start);
  if (name == "__self__") return is_unbound(s.obj) ? Value() : s.obj;
  if (name == "__self_class__") return s.obj_type ? type_value(*s.obj_type) : Value();
  return generic_getattr(in, self, name);
}

std::string super_repr(Interpreter&, const Value& self) {
  SuperObject& s = sup(self);
  if (s.obj_type) return fmt::format("<super: <class '{}'>, <{} object>>", s.start->name(), s.obj_type->name());
  return fmt::format("<super: <class '{}'>, NULL>", s.start->name());
}

}  // namespace

// Zero-argument super(): the running function's __class__ cell (the
// resolver gave every method that names `super` one) and its first
// argument.
Value make_super(Interpreter& in, Args&) {
  Frame* f = in.current_frame();
  if (!f || !f->scope) raise_runtime_error("super(): no arguments");
  const lang::ScopeInfo& scope = *f->scope;
  int cell = -1;
  for (size_t i = 0; i < scope.free_names.size(); ++i)
    if (scope.free_names[i] == "__class__") cell = static_cast<int>(scope.cell_names.size() + i);
  if (cell < 0 || static_cast<size_t>(cell) >= f->cells.size()) raise_runtime_error("super(): __class__ cell not found");
  const CellObject& c = *f->cells[static_cast<size_t>(cell)];
  if (!c.bound) raise_runtime_error("super(): empty __class__ cell");
  auto* start = c.value.as<TypeObject>();
  if (!start) raise_runtime_error(fmt::format("super(): __class__ is not a type ({})", type_name(c.value)));
  if (scope.local_names.empty() || f->locals.empty()) raise_runtime_error("super(): no arguments");
  Value first = f->locals[0];
  if (!scope.param_cells.empty() && scope.param_cells[0] >= 0)
    first = f->cells[static_cast<size_t>(scope.param_cells[0])]->value;
  if (is_unbound(first)) raise_runtime_error("super(): arg[0] deleted");
  auto s = std::make_shared<SuperObject>(mutable_types().super);
  s->start = start;
  s->obj = first;
  s->obj_type = super_check(*start, first);
  return Value(s);
}

void install_property_types() {
  auto& t = mutable_types();
  install_property(*t.property);
  install_staticmethod(*t.staticmethod);
  install_classmethod(*t.classmethod);
  TypeSlots& s = t.super->slots;
  s.new_ = &super_new;
  s.init = [](Interpreter&, const Value&, Args&) {};
  s.getattr = &super_getattr;
  s.repr = &super_repr;
}

}  // namespace backstep::rt
