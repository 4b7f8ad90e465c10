#include "engine/runtime/deep_release.h"

namespace backstep::rt {

namespace {

// Deep enough that ordinary nesting never defers, shallow enough that the
// frames of this many nested destructors fit any thread's stack.
constexpr int kMaxDepth = 200;

thread_local int depth = 0;

std::vector<std::vector<Value>>& deferred() {
  thread_local std::vector<std::vector<Value>> pending;
  return pending;
}

}  // namespace

ReleaseScope::ReleaseScope() { ++depth; }

ReleaseScope::~ReleaseScope() {
  if (depth == 1) {
    auto& pending = deferred();
    while (!pending.empty()) {
      std::vector<Value> batch = std::move(pending.back());
      pending.pop_back();
      while (!batch.empty()) batch.pop_back();  // may defer more (pushed on `pending`) and not recurse past kMaxDepth
    }
  }
  --depth;
}

bool ReleaseScope::too_deep() const { return depth > kMaxDepth; }

void ReleaseScope::defer(std::vector<Value>&& values) { deferred().push_back(std::move(values)); }

// Last item first, as CPython's list and tuple deallocators release them:
// finalizers (__del__, weakref callbacks) of the items run in that order.
void release_items(std::vector<Value>& items) {
  if (items.empty()) return;
  ReleaseScope scope;
  if (scope.too_deep())
    ReleaseScope::defer(std::move(items));
  while (!items.empty()) items.pop_back();
}

}  // namespace backstep::rt
