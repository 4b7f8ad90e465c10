// Instances of user classes, and the generic attribute protocol every class
// without its own uses (CPython's PyObject_GenericGetAttr/SetAttr): data
// descriptors of the class first, then the instance __dict__, then other
// class attributes (functions become bound methods through __get__), then
// what a C++-defined object computes itself.
#pragma once

#include "engine/runtime/dict_object.h"
#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

namespace backstep::rt {

class InstanceObject : public Object, public KindTag<ObjKind::Instance> {
 public:
  explicit InstanceObject(const TypeObject* cls) : Object(ObjKind::Instance, cls) {}
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;
  // The values of the class's __slots__ names, kept apart from __dict__ as
  // CPython's fixed-offset slots are (Note [Slot storage], class_slots.cpp).
  std::shared_ptr<DictObject> slot_values;
};

std::optional<Value> generic_getattr(Interpreter& in, const Value& self, std::string_view name);
// generic_getattr once the class attribute `descr` (or null) is known: data
// descriptor, instance dict, class attribute, the object's own attributes.
// attr_cache.cpp calls it with the class attribute its call site cached,
// and the site's instance-dict entry hint (Note [Entry hints], dict_object.cpp).
std::optional<Value> resolve_generic_attr(Interpreter& in, const Value& self, const TypeObject& t,
                                          const Value* descr, std::string_view name,
                                          DictObject::EntryHint* dict_hint = nullptr);
void generic_setattr(Interpreter& in, const Value& self, std::string_view name, const Value* v);

// The class looks attributes up the generic way (possibly with __getattr__
// after it), so a method found on the class is the method called.
bool has_generic_getattr(const TypeObject& t);

// The slots of `object` and `type` (object_slots.cpp).
void install_object_slots();

// object.__new__ and object.__init__ with CPython's argument checks.
Value object_new(Interpreter& in, TypeObject& cls, Args& args);
void object_init(Interpreter& in, const Value& self, Args& args);
// The slots of classes whose objects are defined in C++ (their virtual
// call/call_method): functions, bound methods, torch helper objects.
Value native_call(Interpreter& in, const Value& self, Args& args);
std::optional<Value> native_call_method(Interpreter& in, const Value& self, std::string_view name, Args& args);
// type(x), type(name, bases, dict) and calling any class.
Value type_call(Interpreter& in, const Value& cls, Args& args);

}  // namespace backstep::rt
