// Note [Freeing deep structures]
// Values are reference-counted, so dropping the head of a 200,000-long chain
// (`x = [x]` in a loop, a linked list of objects) frees it recursively: each
// container's destructor releases its items, whose destructors release
// theirs, and the C stack overflows long before the chain ends. As CPython's
// "trashcan" does, container destructors count how deeply they are nested;
// past a fixed depth a container moves its items to a per-thread list
// instead of releasing them, and the outermost destructor empties that list
// in a loop. Memory is freed all the same, at bounded stack depth.
#pragma once

#include "engine/runtime/value.h"

#include <vector>

namespace backstep::rt {

class ReleaseScope {
 public:
  ReleaseScope();
  ~ReleaseScope();  // the outermost scope frees what deeper ones deferred
  ReleaseScope(const ReleaseScope&) = delete;
  ReleaseScope& operator=(const ReleaseScope&) = delete;

  // Whether this destructor should defer its items rather than free them.
  bool too_deep() const;
  // Takes the values; they are released by the outermost scope.
  static void defer(std::vector<Value>&& values);
};

// Releases `items` (leaving it empty), deferring when nested too deeply.
void release_items(std::vector<Value>& items);

}  // namespace backstep::rt
