// Descriptors: what a class attribute turns into when read through an
// instance (CPython's descriptor protocol). Builtin methods and slot
// wrappers (list.append, dict.__getitem__), computed attributes of builtin
// objects (int.real), property, staticmethod, classmethod, and super.
#pragma once

#include "engine/runtime/function.h"
#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <functional>

namespace backstep::rt {

// Which slot a builtin dunder wraps (so a subclass that inherits the dunder
// inherits the slot function itself, without a trampoline).
enum class SlotId : uint8_t {
  None, Repr, Str, Format, Hash, Bool, Len, GetAttribute, SetAttr, DelAttr, Binary, RBinary, InPlace,
  Compare, Unary, Call, Iter, Next, Contains, GetItem, SetItem, DelItem, Get, Set, Delete, Index, Int,
  Float, New, Init,
};

// A method of a builtin class, stored in its namespace (list.append).
// Read through an instance it becomes a builtin bound method; called on the
// class it takes the instance as first argument.
class MethodDescriptor : public Object {
 public:
  static bool is_instance(const Object& o) { return &o.type() == types().method_descriptor; }
  using Fn = std::function<Value(Interpreter&, const Value& self, Args&)>;
  MethodDescriptor(std::string name, const TypeObject* owner, Fn fn, SlotId slot = SlotId::None, int op = 0)
      : Object(ObjKind::Descriptor), name(std::move(name)), owner(owner), fn(std::move(fn)), slot(slot), op(op) {}
  const TypeObject& native_type() const override { return *types().method_descriptor; }
  std::string repr(Interpreter& in) const override;
  // __name__, __qualname__ ("list.append"), __objclass__, __doc__.
  std::optional<Value> get_attr(Interpreter& in, std::string_view attr) override;

  const std::string name;
  const TypeObject* owner;
  const Fn fn;
  const SlotId slot;  // a slot wrapper: which slot, and for operators which one
  const int op;
};

// A computed attribute of a builtin class (int.real, function.__name__):
// a data descriptor when it has a setter.
class GetSetDescriptor : public Object {
 public:
  static bool is_instance(const Object& o);
  using Getter = std::function<Value(Interpreter&, const Value& self)>;
  using Setter = std::function<void(Interpreter&, const Value& self, const Value* v)>;
  GetSetDescriptor(std::string name, const TypeObject* owner, Getter get, Setter set = nullptr)
      : Object(ObjKind::Descriptor), name(std::move(name)), owner(owner), get(std::move(get)), set(std::move(set)) {}
  const TypeObject& native_type() const override;
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view attr) override;

  const std::string name;
  const TypeObject* owner;
  const Getter get;
  const Setter set;
  bool member = false;  // a __slots__ name: shows as member_descriptor
};

// property(fget, fset, fdel, doc), staticmethod(f), classmethod(f): user
// descriptors with their attributes in the instance (so subclasses work).
class PropertyObject : public Object {
 public:
  static bool is_instance(const Object& o) { return o.type().is_subtype_of(*types().property); }
  explicit PropertyObject(const TypeObject* cls) : Object(ObjKind::Descriptor, cls) {}
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;
  Value fget, fset, fdel, doc;
};
class StaticMethodObject : public Object {
 public:
  static bool is_instance(const Object& o) { return o.type().is_subtype_of(*types().staticmethod); }
  StaticMethodObject(const TypeObject* cls, Value f) : Object(ObjKind::Descriptor, cls), func(std::move(f)) {}
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;
  Value func;
};
class ClassMethodObject : public Object {
 public:
  static bool is_instance(const Object& o) { return o.type().is_subtype_of(*types().classmethod); }
  ClassMethodObject(const TypeObject* cls, Value f) : Object(ObjKind::Descriptor, cls), func(std::move(f)) {}
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;
  Value func;
};
// super(type, obj): attribute lookup that starts after `type` in obj's MRO.
class SuperObject : public Object {
 public:
  static bool is_instance(const Object& o) { return o.type().is_subtype_of(*types().super); }
  explicit SuperObject(const TypeObject* cls) : Object(ObjKind::Descriptor, cls) {}
  void gc_traverse(GcVisitor& v) const override;
  const TypeObject* start = nullptr;      // the class named (lookup starts after it)
  Value obj;                              // the instance or class bound (unbound() if none)
  const TypeObject* obj_type = nullptr;   // whose MRO is searched
};

// Adds a builtin method to a class's namespace.
void add_method(TypeObject& t, std::string name, MethodDescriptor::Fn fn);
// Adds a computed attribute to a class's namespace.
void add_getset(TypeObject& t, std::string name, GetSetDescriptor::Getter get, GetSetDescriptor::Setter set = nullptr,
                bool member = false);
// Adds the dunder methods of a builtin class from its slots (list.__len__,
// int.__add__, object.__setattr__, ...), as slot wrappers.
void add_slot_wrappers(TypeObject& t);
// The slot function a builtin dunder wraps, for refresh_slots.
const MethodDescriptor* as_slot_wrapper(const Value& v);

// obj.name(args) for classes with the generic lookup: a function or builtin
// method found on the class is called with obj prepended, no bound method
// made; nullopt when that is not the case.
std::optional<Value> generic_call_method(Interpreter& in, const Value& self, std::string_view name, Args& args);

// Zero-argument super(): reads the running method's __class__ cell and
// first argument.
Value make_super(Interpreter& in, Args& args);

void install_descriptor_types();

}  // namespace backstep::rt
