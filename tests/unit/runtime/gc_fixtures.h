// Object graphs the collector's tests build.
#pragma once

#include "engine/runtime/objects.h"

#include <memory>

namespace backstep::testing {

// A list that contains itself: unreachable once dropped, freed only by
// the cycle collector.
inline std::shared_ptr<rt::ListObject> self_list() {
  auto l = std::make_shared<rt::ListObject>();
  l->items.push_back(rt::Value(l));
  return l;
}

}  // namespace backstep::testing
