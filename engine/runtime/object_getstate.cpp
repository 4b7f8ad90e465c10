// object.__getstate__ (CPython 3.11's default): what pickle and copy save
// of an instance whose class does not say. The instance __dict__ itself (None
// when empty), or (dict-or-None, {slot: value}) when __slots__ hold values.
// torch.save(model) of an nn.Module reaches it: Module has no __getstate__ of
// its own, and its __getattr__ would otherwise answer "no attribute".
#include "engine/runtime/descriptors.h"
#include "engine/runtime/dict_object.h"
#include "engine/runtime/instance.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/type_object.h"

namespace backstep::rt {

namespace {

Value instance_dict_state(Interpreter& in, const Value& self) {
  if (!type_of(self).instances_have_dict()) return Value();
  std::optional<Value> dict = try_get_attr(in, self, "__dict__");
  auto* d = dict ? dict->as<DictObject>() : nullptr;
  if (!d || d->size() == 0) return Value();
  return *dict;
}

Value object_getstate(Interpreter& in, const Value& self, Args&) {
  Value state = instance_dict_state(in, self);
  auto* inst = self.as<InstanceObject>();
  if (!inst || !inst->slot_values || inst->slot_values->size() == 0) return state;
  auto slots = std::make_shared<DictObject>();
  inst->slot_values->for_each([&](const Value& k, const Value& v) { slots->set(k, v); });
  return make_tuple({state, Value(std::move(slots))});
}

}  // namespace

void install_object_getstate() { add_method(*mutable_types().object, "__getstate__", &object_getstate); }

}  // namespace backstep::rt
