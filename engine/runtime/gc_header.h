// The cycle collector's bookkeeping inside every object (Note [cycle
// collection] in gc.h): the links of the generation list a tracked object is
// on, and the scratch fields a collection uses. Kept apart from object.h so
// the collector's own header stays out of every file.
#pragma once

#include <cstdint>

namespace backstep::rt {

struct GcHeader {
  GcHeader* gc_prev = nullptr;
  GcHeader* gc_next = nullptr;  // null: the object is not tracked
  // During a collection: the references to the object from outside the
  // generation being collected (its refcount minus those from inside).
  int64_t gc_refs = 0;
  uint8_t gc_flags = 0;
  uint8_t gc_generation = 0;

  bool gc_tracked() const { return gc_next != nullptr; }
};

}  // namespace backstep::rt
