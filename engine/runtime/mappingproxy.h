// types.MappingProxyType: a read-only, live view of a mapping. What a
// class's __dict__ is (C.__dict__['x'] reads the class namespace, and
// assigning through it fails), and what functools.singledispatch shows as
// its registry.
#pragma once

#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

namespace backstep::rt {

const TypeObject* mappingproxy_type();
Value make_mappingproxy(Value mapping);
// Its slots and methods (called once, from install_builtin_slots).
void install_mappingproxy_type();

}  // namespace backstep::rt
