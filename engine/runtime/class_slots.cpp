#include "engine/runtime/class_slots.h"

#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/instance.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cctype>

namespace backstep::rt {

namespace {

// Note [Slot storage]: a slot's value lives in a dict of slot values of
// its own (InstanceObject::slot_values), so vars(obj) and obj.__dict__ of a
// class that has both never show slots, as in CPython. Objects that are not
// plain instances (subclasses of dict, list, ...) keep slot values in their
// own dict: invisible while no class up the MRO brings a __dict__ back.
DictObject* slot_storage(const Value& self, bool create) {
  Object* o = self.object_ptr();
  if (!o) return nullptr;
  if (auto* inst = self.as<InstanceObject>()) {
    if (!inst->slot_values && create) inst->slot_values = std::make_shared<DictObject>();
    return inst->slot_values.get();
  }
  return create ? &o->ensure_instance_dict() : o->instance_dict();
}

void add_member(TypeObject& cls, const std::string& name) {
  add_getset(
      cls, name,
      [name](Interpreter&, const Value& self) -> Value {
        if (DictObject* slots = slot_storage(self, false))
          if (const Value* v = slots->find_str(name)) return *v;
        raise_attribute_error(fmt::format("'{}' object has no attribute '{}'", type_of(self).name(), name));
      },
      [name](Interpreter&, const Value& self, const Value* v) {
        if (!self.object_ptr()) raise_no_attribute(self, name);
        if (v) {
          slot_storage(self, true)->set_str(name, *v);
          return;
        }
        // CPython's message for deleting an unset slot is the bare name.
        DictObject* slots = slot_storage(self, false);
        if (!slots || !slots->erase_str(name)) raise_attribute_error(name);
      },
      true);
}

bool identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80)) return false;
  return true;
}

std::vector<std::string> slot_names(Interpreter& in, const Value& slots) {
  std::vector<Value> items = slots.as<StrObject>() ? std::vector<Value>{slots} : to_vector(in, slots);
  std::vector<std::string> names;
  for (const Value& item : items) {
    auto* s = item.as<StrObject>();
    if (!s) raise_type_error(fmt::format("__slots__ items must be strings, not '{}'", type_name(item)));
    if (!identifier(s->value)) raise_type_error("__slots__ must be identifiers");
    names.push_back(s->value);
  }
  return names;
}

// "_Cls__name" for a private "__name", as attribute access inside the class
// body spells it.
std::string mangled(const TypeObject& cls, const std::string& name) {
  if (name.size() < 3 || name.compare(0, 2, "__") != 0 || name.compare(name.size() - 2, 2, "__") == 0) return name;
  std::string owner = cls.name();
  size_t start = owner.find_first_not_of('_');
  if (start == std::string::npos) return name;
  return "_" + owner.substr(start) + name;
}

}  // namespace

bool apply_slots(Interpreter& in, TypeObject& cls, const std::vector<TypeObject*>& bases) {
  bool base_has_dict = false;
  for (const TypeObject* b : bases) base_has_dict = base_has_dict || b->instances_have_dict();
  const Value* slots = cls.dict().find_str("__slots__");
  if (!slots) return true;
  bool wants_dict = false;
  for (const std::string& raw : slot_names(in, *slots)) {
    if (raw == "__dict__") {
      if (base_has_dict || wants_dict) raise_type_error("__dict__ slot disallowed: we already got one");
      wants_dict = true;
      continue;
    }
    if (raw == "__weakref__") continue;
    std::string name = mangled(cls, raw);
    if (cls.dict().find_str(name))
      raise_value_error(fmt::format("'{}' in __slots__ conflicts with class variable", name));
    add_member(cls, name);
  }
  return base_has_dict || wants_dict;
}

}  // namespace backstep::rt
