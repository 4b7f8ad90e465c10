// The cycle collector's generations, tracking and trigger (Note [cycle
// collection] in gc.h). The collection itself is in gc_collect.cpp.
#include "engine/runtime/gc.h"

#include "engine/runtime/dict_object.h"
#include "engine/runtime/gc_finalizers.h"
#include "engine/runtime/gc_session_classes.h"
#include "engine/runtime/gc_state.h"

namespace backstep::rt {

std::atomic<bool> g_gc_pending{false};

namespace gc_detail {

constinit State g_state;

void SpinLock::lock() {
  while (flag_.exchange(true, std::memory_order_acquire))
    while (flag_.load(std::memory_order_relaxed)) __builtin_ia32_pause();
}

void list_init(GcHeader& head) {
  if (!head.gc_next) head.gc_prev = head.gc_next = &head;
}

void list_append(GcHeader& head, GcHeader& node) {
  list_init(head);
  GcHeader* last = head.gc_prev;
  node.gc_prev = last;
  node.gc_next = &head;
  last->gc_next = &node;
  head.gc_prev = &node;
}

void list_remove(GcHeader& node) {
  node.gc_prev->gc_next = node.gc_next;
  node.gc_next->gc_prev = node.gc_prev;
  node.gc_prev = node.gc_next = nullptr;
}

void list_splice(GcHeader& from, GcHeader& to) {
  list_init(from);
  list_init(to);
  if (from.gc_next == &from) return;
  GcHeader* first = from.gc_next;
  GcHeader* last = from.gc_prev;
  GcHeader* tail = to.gc_prev;
  tail->gc_next = first;
  first->gc_prev = tail;
  last->gc_next = &to;
  to.gc_prev = last;
  from.gc_prev = from.gc_next = &from;
}

size_t list_size(GcHeader& head) {
  list_init(head);
  size_t n = 0;
  for (GcHeader* h = head.gc_next; h != &head; h = h->gc_next) ++n;
  return n;
}

}  // namespace gc_detail

using namespace gc_detail;

namespace {

// The kinds whose objects can hold references that close a cycle; the
// rest are tracked when they get a __dict__ (Note [cycle collection]).
bool kind_is_container(ObjKind k) {
  switch (k) {
    case ObjKind::List:
    case ObjKind::Tuple:
    case ObjKind::Dict:
    case ObjKind::Set:
    case ObjKind::Function:
    case ObjKind::BoundMethod:
    case ObjKind::Module:
    case ObjKind::Exception:
    case ObjKind::Cell:
    case ObjKind::Instance:
    case ObjKind::Generator:
    case ObjKind::Descriptor:
      return true;
    default:
      return false;
  }
}

void note_allocation(State& s) {
  ++s.count[0];
  if (s.enabled && !s.collecting && s.threshold[0] > 0 && s.count[0] > s.threshold[0])
    g_gc_pending.store(true, std::memory_order_relaxed);
}

}  // namespace

void gc_track(Object& o) {
  if (o.gc_tracked()) return;
  State& s = g_state;
  LockGuard guard(s.lock);
  list_append(s.generations[0], o);
  o.gc_generation = 0;
  o.gc_flags &= kPersistentFlags;
  note_allocation(s);
}

void gc_untrack(Object& o) {
  if (!o.gc_tracked()) return;
  State& s = g_state;
  LockGuard guard(s.lock);
  list_remove(o);
}

void gc_on_create(Object& o) {
  if (kind_is_container(o.kind())) gc_track(o);
}

Object::~Object() {
  if (gc_flags & kHasWeakrefs) [[unlikely]]
    referent_freed(*this);
  if (gc_flags & kHasCaptures) [[unlikely]]
    forget_captures(*this);
  if (!gc_tracked()) return;
  State& s = g_state;
  LockGuard guard(s.lock);
  list_remove(*this);
  if (s.count[0] > 0) --s.count[0];
}

void Object::set_instance_dict(std::shared_ptr<DictObject> d) {
  dict_ = std::move(d);
  if (dict_) gc_track(*this);
}

DictObject& Object::ensure_instance_dict() {
  if (!dict_) {
    dict_ = std::make_shared<DictObject>();
    gc_track(*this);
  }
  return *dict_;
}

void set_gc_tensor_traverser(GcTensorTraverser f) { g_state.tensor_traverser = f; }

void GcVisitor::visit(const Value& v) {
  if (Object* o = v.object_ptr()) {
    visit(*o);
  } else if (v.is_tensor()) {
    if (auto f = g_state.tensor_traverser) f(v.as_tensor(), *this);
  }
}

namespace {
thread_local int t_holds = 0;  // GcHold scopes open on this (the interpreter) thread
}  // namespace

GcHold::GcHold() { ++t_holds; }
GcHold::~GcHold() { --t_holds; }
bool gc_held() { return t_holds > 0; }

bool gc_enabled() { return g_state.enabled; }
void gc_set_enabled(bool on) { g_state.enabled = on; }
int64_t gc_threshold(int generation) { return g_state.threshold[generation]; }
void gc_set_threshold(int generation, int64_t value) { g_state.threshold[generation] = value; }

int64_t gc_count(int generation) {
  LockGuard guard(g_state.lock);
  return g_state.count[generation];
}

std::vector<Value> gc_objects(int generation) {
  State& s = g_state;
  std::vector<Value> out;
  LockGuard guard(s.lock);
  for (int g = 0; g < kGcGenerations; ++g) {
    if (generation >= 0 && g != generation) continue;
    GcHeader& head = s.generations[g];
    list_init(head);
    for (GcHeader* h = head.gc_next; h != &head; h = h->gc_next) {
      auto* o = static_cast<Object*>(h);
      // Objects being freed (count zero) or not owned by a shared_ptr are left out.
      if (Ref r = o->weak_from_this().lock()) out.emplace_back(std::move(r));
    }
  }
  return out;
}

// CPython's choice of generation (collect_generations): the oldest whose
// count passed its threshold, except that a full collection waits until the
// objects that survived the middle generation since the last full one are a
// quarter of the old generation (so a growing heap is not walked quadratically).
void gc_collect_pending(Interpreter& in) {
  g_gc_pending.store(false, std::memory_order_relaxed);
  gc_run_finalizers(in);  // the flag also says that finalizers wait
  State& s = g_state;
  if (gc_held()) {  // Note [collections and other threads]: after the backward
    g_gc_pending.store(true, std::memory_order_relaxed);
    return;
  }
  if (!s.enabled || s.collecting) return;
  for (int g = kGcGenerations - 1; g >= 0; --g) {
    int64_t count;
    {
      LockGuard guard(s.lock);
      count = s.count[g];
    }
    if (s.threshold[g] <= 0 || count <= s.threshold[g]) continue;
    if (g == kGcGenerations - 1 && s.long_lived_pending < s.long_lived_total / 4) continue;
    gc_collect(in, g);
    return;
  }
}

}  // namespace backstep::rt
