// The slots of `object` (what every class inherits unless it says
// otherwise) and of `type` (what classes themselves do: attribute lookup on
// a class, calling a class to make an instance).
#include "engine/runtime/class_builder.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/gc_finalizers.h"
#include "engine/runtime/hashing.h"
#include "engine/runtime/instance.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/mappingproxy.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {

namespace {

bool starts_with_dunder(std::string_view name) { return name.size() > 2 && name[0] == '_' && name[1] == '_'; }

// __class__ and __dict__ behave as data descriptors of object: they win over
// anything in the instance dict.
std::optional<Value> object_special(const Value& self, std::string_view name) {
  if (name == "__class__") return type_value(type_of(self));
  if (name == "__dict__") {
    Object* o = self.object_ptr();
    if (o && type_of(self).instances_have_dict()) {
      o->ensure_instance_dict();
      return Value(std::static_pointer_cast<Object>(o->instance_dict_ref()));
    }
  }
  return std::nullopt;
}

void set_class_of(const Value& self, const Value* v) {
  Object* o = self.object_ptr();
  auto* cls = v ? v->as<TypeObject>() : nullptr;
  if (!v) raise_type_error("can't delete __class__ attribute");
  if (!cls) raise_type_error(fmt::format("__class__ must be set to a class, not '{}' object", type_name(*v)));
  const TypeObject& old = type_of(self);
  if (!o || !old.is_heap_type() || !cls->is_heap_type() || cls->layout_base() != old.layout_base())
    raise_type_error(fmt::format("__class__ assignment: '{}' object layout differs from '{}'", cls->name(), old.name()));
  o->set_class(cls);
}

}  // namespace

std::optional<Value> generic_getattr(Interpreter& in, const Value& self, std::string_view name) {
  if (starts_with_dunder(name))
    if (auto v = object_special(self, name)) return v;
  const TypeObject& t = type_of(self);
  return resolve_generic_attr(in, self, t, t.lookup(name), name);
}

std::optional<Value> resolve_generic_attr(Interpreter& in, const Value& self, const TypeObject& t,
                                          const Value* descr, std::string_view name, DictObject::EntryHint* dict_hint) {
  const TypeObject* dt = nullptr;
  if (descr) {
    dt = &type_of(*descr);
    if (dt->slots.descr_get && dt->slots.descr_set) return dt->slots.descr_get(in, *descr, self, t);
  }
  Object* o = self.object_ptr();
  if (o)
    if (DictObject* d = o->instance_dict())
      if (const Value* v = dict_hint ? d->find_str_hinted(name, *dict_hint) : d->find_str(name)) return *v;
  if (descr) {
    if (dt->slots.descr_get) return dt->slots.descr_get(in, *descr, self, t);
    return *descr;
  }
  if (o) return o->get_attr(in, name);  // what a C++-defined object computes itself
  return std::nullopt;
}

void generic_setattr(Interpreter& in, const Value& self, std::string_view name, const Value* v) {
  const TypeObject& t = type_of(self);
  if (name == "__class__") return set_class_of(self, v);
  if (const Value* descr = t.lookup(name)) {
    const TypeObject& dt = type_of(*descr);
    if (dt.slots.descr_set) return dt.slots.descr_set(in, *descr, self, v);
  }
  Object* o = self.object_ptr();
  if (o && t.instances_have_dict()) {
    if (name == "__dict__") {
      auto d = v ? v->as_shared<DictObject>() : nullptr;
      if (!d)
        raise_type_error(fmt::format("__dict__ must be set to a dictionary, not a '{}'", v ? type_name(*v) : "NoneType"));
      o->set_instance_dict(d);
      return;
    }
    if (v) {
      o->ensure_instance_dict().set_str(name, *v);
      return;
    }
    if (!o->instance_dict() || !o->instance_dict()->erase_str(name)) raise_no_attribute(self, name);
    return;
  }
  if (o && v && o->set_attr(in, name, *v)) return;
  // del module.name: a module made from source forgets the global.
  if (auto* m = o && !v ? self.as<ModuleObject>() : nullptr; m && m->ns() && m->ns()->erase(name)) return;
  if (t.lookup(name)) raise_attribute_error(fmt::format("'{}' object attribute '{}' is read-only", t.name(), name));
  raise_attribute_error(fmt::format("'{}' object has no attribute '{}'", t.name(), name));
}

// --- object ------------------------------------------------------------------------

namespace {

std::string object_repr(Interpreter& in, const Value& self) {
  if (Object* o = self.object_ptr()) return o->repr(in);
  return fmt::format("<{} object at {:#x}>", type_of(self).qualified_name(), identity(self));
}

// str(x) defaults to repr(x) through the class's repr slot (a user __repr__).
std::string object_str(Interpreter& in, const Value& self) {
  const TypeObject& t = type_of(self);
  if (Object* o = self.object_ptr(); o && !t.is_heap_type()) return o->str(in);
  return t.slots.repr ? t.slots.repr(in, self) : object_repr(in, self);
}

int64_t object_hash(Interpreter&, const Value& self) { return hash_pointer(identity(self)); }

Value object_compare(Interpreter& in, const Value& self, const Value& other, CmpOp op) {
  if (op == CmpOp::Eq) return is_same(self, other) ? Value(true) : not_implemented();
  if (op == CmpOp::Ne) {
    // __ne__ inverts __eq__ unless that is NotImplemented.
    const TypeObject& t = type_of(self);
    Value eq = t.slots.compare ? t.slots.compare(in, self, other, CmpOp::Eq) : not_implemented();
    if (is_not_implemented(eq)) return eq;
    return Value(!truthy(in, eq));
  }
  return not_implemented();
}

std::string object_format(Interpreter& in, const Value& self, std::string_view spec) {
  if (!spec.empty())
    raise_type_error(fmt::format("unsupported format string passed to {}.__format__", type_name(self)));
  return str(in, self);
}

}  // namespace

// Objects defined in C++ are callable when they say so.
Value native_call(Interpreter& in, const Value& self, Args& args) {
  Object* o = self.object_ptr();
  if (!o || !o->callable()) raise_type_error(fmt::format("'{}' object is not callable", type_name(self)));
  return o->call(in, args);
}

std::optional<Value> native_call_method(Interpreter& in, const Value& self, std::string_view name, Args& args) {
  if (Object* o = self.object_ptr())
    if (auto r = o->call_method(in, name, args)) return r;
  return generic_call_method(in, self, name, args);
}

Value object_new(Interpreter&, TypeObject& cls, Args& args) {
  bool excess = !args.pos.empty() || !args.kw.empty();
  if (excess) {
    if (cls.slots.new_ != &object_new)
      raise_type_error("object.__new__() takes exactly one argument (the type to instantiate)");
    if (cls.slots.init == &object_init) raise_type_error(fmt::format("{}() takes no arguments", cls.name()));
  }
  if (!cls.abstract_methods().empty()) {
    std::vector<std::string> names = cls.abstract_methods();
    std::sort(names.begin(), names.end());
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    raise_type_error(fmt::format("Can't instantiate abstract class {} with abstract method{} {}", cls.name(),
                                 names.size() == 1 ? "" : "s", list));
  }
  if (cls.layout_base() != types().object)
    raise_type_error(fmt::format("object.__new__({}) is not safe, use {}.__new__()", cls.name(),
                                 cls.layout_base() ? cls.layout_base()->name() : "?"));
  if (class_has_finalizer(cls)) return make_finalizable_instance(cls);  // Note [finalizers]
  return Value(std::make_shared<InstanceObject>(&cls));
}

void object_init(Interpreter&, const Value& self, Args& args) {
  if (args.pos.empty() && args.kw.empty()) return;
  const TypeObject& t = type_of(self);
  if (t.slots.init != &object_init)
    raise_type_error("object.__init__() takes exactly one argument (the instance to initialize)");
  if (t.slots.new_ == &object_new) raise_type_error(fmt::format("{}() takes no arguments", t.name()));
}

// --- type ------------------------------------------------------------------------------

namespace {

Value tuple_of(const std::vector<TypeObject*>& ts) {
  std::vector<Value> items;
  for (const TypeObject* t : ts) items.push_back(type_value(*t));
  return make_tuple(std::move(items));
}

// The attributes CPython keeps in getset descriptors of `type`.
std::optional<Value> type_special(Interpreter& in, const TypeObject& cls, std::string_view name) {
  if (name == "__name__") return make_str(cls.name());
  if (name == "__qualname__") return make_str(cls.qualname());
  if (name == "__module__") {
    if (const Value* m = cls.dict().find_str("__module__")) return *m;
    return make_str(cls.module().empty() ? "builtins" : cls.module());
  }
  if (name == "__doc__") {
    if (const Value* d = cls.dict().find_str("__doc__")) return bind_descriptor(in, *d, unbound(), cls);
    return Value();
  }
  if (name == "__mro__") return tuple_of(cls.mro());
  if (name == "__bases__") return tuple_of(cls.bases());
  if (name == "__base__") return cls.base() ? type_value(*cls.base()) : Value();
  // A read-only view, as CPython's mappingproxy: the namespace changes only
  // through setattr, which keeps slots and caches in step.
  if (name == "__dict__") return make_mappingproxy(Value(std::const_pointer_cast<Object>(cls.dict().shared_from_this())));
  if (name == "__class__") return type_value(cls.type());
  if (name == "__abstractmethods__") {
    const Value* v = cls.is_heap_type() ? cls.dict().find_str("__abstractmethods__") : nullptr;
    if (!v) raise_attribute_error("__abstractmethods__");
    return *v;
  }
  return std::nullopt;
}

std::optional<Value> type_getattr(Interpreter& in, const Value& self, std::string_view name) {
  auto* cls = self.as<TypeObject>();
  if (starts_with_dunder(name))
    if (auto v = type_special(in, *cls, name)) return v;
  const TypeObject& meta = type_of(self);
  const Value* meta_attr = meta.lookup(name);
  const TypeObject* mt = meta_attr ? &type_of(*meta_attr) : nullptr;
  if (meta_attr && mt->slots.descr_get && mt->slots.descr_set) return mt->slots.descr_get(in, *meta_attr, self, meta);
  if (const Value* attr = cls->lookup(name)) {
    const TypeObject& at = type_of(*attr);
    if (at.slots.descr_get) return at.slots.descr_get(in, *attr, unbound(), *cls);
    return *attr;
  }
  if (meta_attr) {
    if (mt->slots.descr_get) return mt->slots.descr_get(in, *meta_attr, self, meta);
    return *meta_attr;
  }
  return cls->get_attr(in, name);
}

void type_setattr(Interpreter& in, const Value& self, std::string_view name, const Value* v) {
  auto* cls = self.as<TypeObject>();
  const TypeObject& meta = type_of(self);
  if (const Value* descr = meta.lookup(name)) {
    const TypeObject& dt = type_of(*descr);
    if (dt.slots.descr_set) return dt.slots.descr_set(in, *descr, self, v);
  }
  if (!cls->is_heap_type())
    raise_type_error(fmt::format("cannot set '{}' attribute of immutable type '{}'", name, cls->name()));
  if (name == "__bases__") return assign_bases(*cls, v);
  if (name == "__name__" || name == "__qualname__") {
    auto* s = v ? v->as<StrObject>() : nullptr;
    if (!s)
      raise_type_error(fmt::format("can only assign string to {}.{}, not '{}'", cls->name(), name,
                                   v ? type_name(*v) : "NoneType"));
    if (name == "__name__") cls->set_name(s->value);
    else cls->set_qualname(s->value);
    return;
  }
  if (name == "__abstractmethods__") {
    std::vector<std::string> names;
    if (v)
      for (const Value& x : to_vector(in, *v))
        if (auto* s = x.as<StrObject>()) names.push_back(s->value);
    cls->set_abstract_methods(std::move(names));
  }
  if (v) return cls->set_class_attr(name, *v);
  if (!cls->dict().find_str(name))
    raise_attribute_error(fmt::format("type object '{}' has no attribute '{}'", cls->name(), name));
  cls->del_class_attr(name);
}

std::string type_repr(Interpreter& in, const Value& self) { return self.as<TypeObject>()->repr(in); }

void type_init(Interpreter&, const Value&, Args& args) {
  if (args.pos.size() != 1 && args.pos.size() != 3) raise_type_error("type.__init__() takes 1 or 3 arguments");
  if (args.pos.size() == 1 && !args.kw.empty()) raise_type_error("type.__init__() takes no keyword arguments");
}

}  // namespace

Value type_call(Interpreter& in, const Value& callee, Args& args) {
  auto* cls = callee.as<TypeObject>();
  if (cls == types().type && args.pos.size() == 1 && args.kw.empty()) return type_value(type_of(args.pos[0]));
  if (!cls->slots.new_) raise_type_error(fmt::format("cannot create '{}' instances", cls->qualified_name()));
  Value obj = cls->slots.new_(in, *cls, args);
  const TypeObject& ot = type_of(obj);
  if (!ot.is_subtype_of(*cls)) return obj;  // __new__ returned something else: no __init__
  if (ot.slots.init) ot.slots.init(in, obj, args);
  return obj;
}

void install_object_getstate();  // object_getstate.cpp

void install_object_slots() {
  auto& t = mutable_types();
  install_object_getstate();
  TypeSlots& o = t.object->slots;
  o.repr = &object_repr;
  o.str = &object_str;
  o.hash = &object_hash;
  o.compare = &object_compare;
  o.format = &object_format;
  o.getattr = &generic_getattr;
  o.setattr = &generic_setattr;
  o.call_method = &native_call_method;
  o.new_ = &object_new;
  o.init = &object_init;

  // object.__init_subclass__ and __subclasshook__ are classmethods.
  auto classmethod = [&](const char* name, BuiltinFunction::Fn fn) {
    t.object->dict().set_str(
        name, Value(std::make_shared<ClassMethodObject>(t.classmethod, make_builtin(name, std::move(fn)))));
  };
  classmethod("__init_subclass__", [](Interpreter&, Args& a) -> Value {
    if (!a.kw.empty())
      raise_type_error(fmt::format("{}.__init_subclass__() takes no keyword arguments",
                                   a.pos.empty() ? "object" : a.pos[0].as<TypeObject>()->name()));
    return Value();
  });
  classmethod("__subclasshook__", [](Interpreter&, Args&) -> Value { return not_implemented(); });
  add_method(*t.object, "__dir__", [](Interpreter& in, const Value& self, Args&) -> Value {
    std::vector<Value> out;
    for (auto& n : attr_names(in, self)) out.push_back(make_str(std::move(n)));
    return make_list(std::move(out));
  });

  // type's methods: C.mro() (the C3 order, as a list) and
  // C.__subclasses__() (direct subclasses, in the order they were made).
  add_method(*t.type, "mro", [](Interpreter&, const Value& self, Args& a) -> Value {
    if (!a.pos.empty() || !a.kw.empty())
      raise_type_error(fmt::format("{}.mro() takes no arguments ({} given)", self.as<TypeObject>()->name(),
                                   a.pos.size() + a.kw.size()));
    std::vector<Value> out;
    for (const TypeObject* c : self.as<TypeObject>()->mro()) out.push_back(type_value(*c));
    return make_list(std::move(out));
  });
  add_method(*t.type, "__subclasses__", [](Interpreter&, const Value& self, Args& a) -> Value {
    if (!a.pos.empty() || !a.kw.empty())
      raise_type_error(fmt::format("{}.__subclasses__() takes no arguments ({} given)",
                                   self.as<TypeObject>()->name(), a.pos.size() + a.kw.size()));
    std::vector<Value> out;
    for (const TypeObject* c : self.as<TypeObject>()->subclasses()) out.push_back(type_value(*c));
    return make_list(std::move(out));
  });

  TypeSlots& ty = t.type->slots;
  ty = o;
  ty.repr = &type_repr;
  ty.getattr = &type_getattr;
  ty.setattr = &type_setattr;
  ty.call = &type_call;
  ty.call_method = nullptr;
  ty.new_ = &type_new;
  ty.init = &type_init;
}

}  // namespace backstep::rt
