// Note [captures of C++ closures]
// Iterators (`iter(x)`, `map`, `zip`, ...) and builtin methods bound to an
// object (`l.append`) are C++ closures: what they captured is invisible to
// the collector, so `l.append(iter(l))` or `l.append(l.append)` would stay
// alive. Instead of capturing the values, such a closure captures a box
// (GcCaptures) registered here for the object that owns the closure. The
// collector reports the box's values as that object's references (each
// once, as the box holds each once, plus the copies the owner holds
// elsewhere), and clearing the object empties the box, which breaks the
// cycle; a closure whose box is empty belongs to garbage and is never
// called again. The registry is keyed by the owner and guarded by a lock
// (owners may die on an autograd thread); ~Object unregisters them.
#include "engine/runtime/gc_captures.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/gc.h"
#include "engine/runtime/gc_finalizers.h"
#include "engine/runtime/gc_state.h"
#include "engine/runtime/objects.h"

#include <mutex>
#include <unordered_map>

namespace backstep::rt {

using namespace gc_detail;

namespace {

struct Entry {
  std::shared_ptr<GcCaptures> box;
  int extra_copies = 0;
};

struct CaptureRegistry {
  std::mutex mutex;
  std::unordered_map<const Object*, Entry> entries;
};

CaptureRegistry& capture_registry() {
  static CaptureRegistry* r = new CaptureRegistry();  // outlives every object
  return *r;
}

void set_flag(Object& o) {
  LockGuard guard(g_state.lock);
  o.gc_flags |= kHasCaptures;
}

}  // namespace

std::shared_ptr<GcCaptures> make_gc_captures(std::vector<Value> values) {
  auto box = std::make_shared<GcCaptures>();
  box->values = std::move(values);
  return box;
}

void gc_register_captures(Object& owner, std::shared_ptr<GcCaptures> box, int extra_copies) {
  bool holds = false;
  for (const Value& x : box->values) holds = holds || x.object_ptr() || x.is_tensor();
  if (!holds) return;  // nothing that can close a cycle
  {
    CaptureRegistry& r = capture_registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.entries[&owner] = Entry{std::move(box), extra_copies};
  }
  set_flag(owner);
  gc_track(owner);
}

void gc_track_dict_view(Object& view) {
  set_flag(view);
  gc_track(view);
}

namespace gc_detail {

void visit_captures(const Object& o, GcVisitor& v) {
  if (auto* view = dynamic_cast<const DictViewObject*>(&o)) {
    v.visit(view->dict);
    return;
  }
  // Visiting releases nothing: the lock is held throughout.
  CaptureRegistry& r = capture_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.entries.find(&o);
  if (it == r.entries.end()) return;
  for (const Value& x : it->second.box->values)
    for (int i = 0; i <= it->second.extra_copies; ++i) v.visit(x);
}

void clear_captures(const Object& o) {
  std::shared_ptr<GcCaptures> box;
  {
    CaptureRegistry& r = capture_registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.entries.find(&o);
    if (it == r.entries.end()) return;
    box = it->second.box;
  }
  std::vector<Value> old;
  old.swap(box->values);  // released here, outside the lock
}

void forget_captures(const Object& o) {
  std::shared_ptr<GcCaptures> box;  // released after the lock
  CaptureRegistry& r = capture_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.entries.find(&o);
  if (it == r.entries.end()) return;
  box = std::move(it->second.box);
  r.entries.erase(it);
}

}  // namespace gc_detail

}  // namespace backstep::rt
