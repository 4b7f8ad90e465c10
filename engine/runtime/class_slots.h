// __slots__ in a class body: member descriptors for the names, and no
// instance __dict__ unless a base has one or '__dict__' is among them.
#pragma once

#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <vector>

namespace backstep::rt {

// Reads cls's own __slots__ (already copied into its dict), replaces the
// names with member descriptors, and says whether instances keep a
// __dict__. Raises CPython's TypeError/ValueError for a bad __slots__.
bool apply_slots(Interpreter& in, TypeObject& cls, const std::vector<TypeObject*>& bases);

}  // namespace backstep::rt
