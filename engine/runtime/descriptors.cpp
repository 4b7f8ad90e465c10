#include "engine/runtime/descriptors.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/gc_captures.h"
#include "engine/runtime/instance.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/script_function.h"

#include <fmt/format.h>

namespace backstep::rt {

namespace {

TypeObject* getset_type() {
  static TypeObject* t = new_type("getset_descriptor", "", mutable_types().object);
  return t;
}

// A __slots__ name of a class (class_slots.cpp): a getset that shows as
// CPython's member_descriptor.
TypeObject* member_type() {
  static TypeObject* t = new_type("member_descriptor", "", mutable_types().object);
  return t;
}

TypeObject* wrapper_type() {
  static TypeObject* t = new_type("wrapper_descriptor", "", mutable_types().object);
  return t;
}

// The instance a descriptor method was called on, checked against the
// class it belongs to.
const Value& checked_self(const MethodDescriptor& d, Args& args) {
  if (args.pos.empty())
    raise_type_error(fmt::format("descriptor '{}' of '{}' object needs an argument", d.name, d.owner->name()));
  const Value& self = args.pos[0];
  if (d.slot != SlotId::New && !type_of(self).is_subtype_of(*d.owner))
    raise_type_error(fmt::format("descriptor '{}' for '{}' objects doesn't apply to a '{}' object", d.name,
                                 d.owner->name(), type_name(self)));
  return self;
}

Value method_descriptor_call(Interpreter& in, const Value& callee, Args& args) {
  auto* d = static_cast<MethodDescriptor*>(callee.object_ptr());
  Value self = checked_self(*d, args);
  args.pos.erase(args.pos.begin());
  return d->fn(in, self, args);
}

Value method_descriptor_get(Interpreter&, const Value& descr, const Value& obj, const TypeObject&) {
  auto* d = static_cast<MethodDescriptor*>(descr.object_ptr());
  if (is_unbound(obj) || d->slot == SlotId::New) return descr;
  auto keep = std::static_pointer_cast<MethodDescriptor>(descr.as_object());
  // `l.append(l.append)` is a cycle: the object is captured in a box the
  // collector sees (Note [captures of C++ closures] in gc_captures.cpp).
  auto box = make_gc_captures({obj});
  auto bound = std::make_shared<BuiltinFunction>(
      d->name,
      [keep, box](Interpreter& in, Args& a) {
        if (box->released()) raise_runtime_error("method of a collected object called");
        Value self = box->values[0];
        return keep->fn(in, self, a);
      },
      type_name(obj), identity(obj));
  bound->set_self(obj);
  gc_register_captures(*bound, std::move(box), /*extra_copies=*/1);  // __self__ holds it too
  bound->set_defining_class(d->owner);
  return Value(bound);
}

Value getset_get(Interpreter& in, const Value& descr, const Value& obj, const TypeObject&) {
  if (is_unbound(obj)) return descr;
  return static_cast<GetSetDescriptor*>(descr.object_ptr())->get(in, obj);
}

void getset_set(Interpreter& in, const Value& descr, const Value& obj, const Value* v) {
  auto* d = static_cast<GetSetDescriptor*>(descr.object_ptr());
  if (!d->set)
    raise_attribute_error(fmt::format("attribute '{}' of '{}' objects is not writable", d->name, d->owner->name()));
  d->set(in, obj, v);
}

}  // namespace

std::string MethodDescriptor::repr(Interpreter&) const {
  if (slot == SlotId::New) return fmt::format("<built-in method __new__ of type object at {:#x}>", owner->address());
  return fmt::format("<{} '{}' of '{}' objects>", slot == SlotId::None ? "method" : "slot wrapper", name, owner->name());
}

namespace {
std::optional<Value> descriptor_attr(const std::string& name, const TypeObject* owner, std::string_view attr) {
  if (attr == "__name__") return make_str(name);
  if (attr == "__qualname__") return make_str(owner->name() + "." + name);
  if (attr == "__objclass__") return type_value(*owner);
  if (attr == "__doc__") return Value();
  return std::nullopt;
}
}  // namespace

std::optional<Value> MethodDescriptor::get_attr(Interpreter&, std::string_view attr) {
  if (attr == "__text_signature__") return Value();
  return descriptor_attr(name, owner, attr);
}

std::optional<Value> GetSetDescriptor::get_attr(Interpreter&, std::string_view attr) {
  return descriptor_attr(name, owner, attr);
}

const TypeObject& GetSetDescriptor::native_type() const { return member ? *member_type() : *getset_type(); }
bool GetSetDescriptor::is_instance(const Object& o) { return &o.type() == getset_type() || &o.type() == member_type(); }
std::string GetSetDescriptor::repr(Interpreter&) const {
  return fmt::format("<{} '{}' of '{}' objects>", member ? "member" : "attribute", name, owner->name());
}

void add_method(TypeObject& t, std::string name, MethodDescriptor::Fn fn) {
  std::string key = name;
  t.dict().set_str(key, Value(std::make_shared<MethodDescriptor>(std::move(name), &t, std::move(fn))));
}

void add_getset(TypeObject& t, std::string name, GetSetDescriptor::Getter get, GetSetDescriptor::Setter set,
                bool member) {
  std::string key = name;
  auto d = std::make_shared<GetSetDescriptor>(std::move(name), &t, std::move(get), std::move(set));
  d->member = member;
  t.dict().set_str(key, Value(std::move(d)));
}

const MethodDescriptor* as_slot_wrapper(const Value& v) {
  auto* d = v.as<MethodDescriptor>();
  return d && d->slot != SlotId::None ? d : nullptr;
}

std::optional<Value> generic_call_method(Interpreter& in, const Value& self, std::string_view name, Args& args) {
  const TypeObject& t = type_of(self);
  if (!has_generic_getattr(t)) return std::nullopt;
  const Value* descr = t.lookup(name);
  if (!descr) return std::nullopt;
  const TypeObject* dt = &type_of(*descr);
  bool plain_function = dt == types().function;
  bool builtin_method = dt == types().method_descriptor;
  if (!plain_function && !builtin_method) return std::nullopt;
  if (Object* o = self.object_ptr())
    if (DictObject* d = o->instance_dict(); d && d->find_str(name)) return std::nullopt;  // shadowed
  if (builtin_method) {
    auto* d = static_cast<MethodDescriptor*>(descr->object_ptr());
    if (d->slot == SlotId::New) return std::nullopt;
    return d->fn(in, self, args);
  }
  args.pos.insert(args.pos.begin(), self);
  return in.call_function(*static_cast<ScriptFunction*>(descr->object_ptr()), args);
}

void install_descriptor_types() {
  auto& t = mutable_types();
  TypeSlots& md = t.method_descriptor->slots;
  md.call = &method_descriptor_call;
  md.descr_get = &method_descriptor_get;
  md.repr = [](Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); };
  wrapper_type()->slots = md;
  TypeSlots& gs = getset_type()->slots;
  gs.descr_get = &getset_get;
  gs.descr_set = &getset_set;
  member_type()->slots.descr_get = &getset_get;
  member_type()->slots.descr_set = &getset_set;
  gs.repr = md.repr;
}

}  // namespace backstep::rt
