// What C++ closures hold, where the cycle collector can see it (Note
// [captures of C++ closures] in gc_captures.cpp).
#pragma once

#include "engine/runtime/object.h"

#include <memory>
#include <vector>

namespace backstep::rt {

// The values a closure (an iterator's next function, a bound builtin
// method) needs. The closure holds the box; the collector reports its
// values as references of the owner object, and clearing the owner empties
// the box: a closure finds it empty only if its owner was garbage.
struct GcCaptures {
  std::vector<Value> values;
  bool released() const { return values.empty(); }
};

std::shared_ptr<GcCaptures> make_gc_captures(std::vector<Value> values);
// Registers `box` as held by `owner` (and tracks it). `extra_copies`: how
// many more references the owner holds to each value outside the box (a
// bound method's own __self__), reported too.
void gc_register_captures(Object& owner, std::shared_ptr<GcCaptures> box, int extra_copies = 0);
// Tracks a dict view (it holds its dict: `d["k"] = d.keys()` is a cycle).
void gc_track_dict_view(Object& view);

}  // namespace backstep::rt
