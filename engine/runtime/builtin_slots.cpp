#include "engine/runtime/builtin_slots.h"

#include "engine/runtime/descriptors.h"
#include "engine/runtime/generator.h"
#include "engine/runtime/mappingproxy.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/script_function.h"

#include <mutex>

namespace backstep::rt {

namespace {

class NotImplementedObject : public Object {
 public:
  NotImplementedObject() : Object(ObjKind::Other) {}
  const TypeObject& native_type() const override { return *types().not_implemented; }
  std::string repr(Interpreter&) const override { return "NotImplemented"; }
};

// A builtin subclass (bool, torch.Size, the exception tree) does what its
// base does wherever it does not say otherwise.
void inherit_missing(TypeSlots& s, const TypeSlots& base) {
  auto fill = [](auto& mine, const auto& theirs) {
    if (!mine) mine = theirs;
  };
  fill(s.repr, base.repr);
  fill(s.str, base.str);
  fill(s.format, base.format);
  if (!s.hash && !s.unhashable) {
    s.hash = base.hash;
    s.unhashable = base.unhashable;
  }
  fill(s.truth, base.truth);
  fill(s.len, base.len);
  fill(s.getattr, base.getattr);
  fill(s.setattr, base.setattr);
  for (size_t i = 0; i < kBinOpCount; ++i) {
    fill(s.binary[i], base.binary[i]);
    fill(s.inplace[i], base.inplace[i]);
  }
  fill(s.compare, base.compare);
  for (size_t i = 0; i < kUnaryOpCount; ++i) fill(s.unary[i], base.unary[i]);
  fill(s.call, base.call);
  fill(s.call_method, base.call_method);
  fill(s.iter, base.iter);
  fill(s.next, base.next);
  fill(s.contains, base.contains);
  fill(s.getitem, base.getitem);
  fill(s.setitem, base.setitem);
  fill(s.descr_get, base.descr_get);
  fill(s.descr_set, base.descr_set);
  fill(s.index, base.index);
  fill(s.to_int, base.to_int);
  fill(s.to_float, base.to_float);
  fill(s.new_, base.new_);
  fill(s.init, base.init);
}

}  // namespace

const Value& not_implemented() {
  static const Value* v = new Value(std::make_shared<NotImplementedObject>());
  return *v;
}

void install_bytes_type();    // bytes_object.cpp
void install_bytearray_type();  // bytearray_object.cpp
void install_code_objects();  // code_object.cpp: the code type and function.__code__
void install_weakref_types();  // weakref_module.cpp

void install_builtin_slots() {
  static std::once_flag once;
  std::call_once(once, [] {
    install_object_slots();
    install_number_slots();
    install_number_methods();
    install_str_slots();
    install_container_slots();
    install_container_methods();
    install_function_slots();
    install_script_function_type();
    install_descriptor_types();
    install_property_types();
    install_generic_alias();
    install_exception_slots();
    install_constructor_slots();
    install_generator_type();
    install_mappingproxy_type();
    install_bytes_type();
    install_bytearray_type();
    install_code_objects();
    install_weakref_types();
    types().not_implemented->slots.repr = [](Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); };
    for (const auto& t : all_types())
      if (t->base()) inherit_missing(t->slots, t->base()->slots);
    for (const auto& t : all_types()) add_slot_wrappers(*t);
  });
}

}  // namespace backstep::rt
