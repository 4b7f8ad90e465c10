// Finalizers: __del__ of user classes and the callbacks of weak references.
//
// Note [finalizers]
// CPython runs an object's __del__ when its count reaches zero, or when the
// cycle collector finds it in garbage, once per object (PEP 442): a __del__
// may store `self` somewhere (resurrection), and the object then lives on
// without running it again. Then the object's weak references go dead and
// their callbacks run.
//
// Values here are std::shared_ptr's: a count that reached zero cannot go up
// again. So an instance of a class with __del__ is made with a deleter of
// its own (make_finalizable_instance). When the last reference goes and its
// __del__ has not run, the deleter does not free it: it queues it, and
// gc_run_finalizers (at the next statement boundary, on the interpreter
// thread -- the count may reach zero on an autograd thread) makes a new
// shared_ptr for it, calls __del__, and lets it go; the second time the
// deleter frees it. While it waits, the collector leaves it alone (it has no
// owner) and what it refers to is kept.
//
// A weak reference keeps its referent's address, registered here; the
// referent's ~Object marks its weakrefs dead and queues the callbacks of
// those still alive (newest first, as CPython calls them). In a collection,
// weakrefs to the garbage go dead before any finalizer runs, and only the
// callbacks of weakrefs that are not garbage themselves run (CPython's
// handle_weakrefs): so a finalizer never sees a weakref to garbage alive.
#include "engine/runtime/gc_finalizers.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/gc.h"
#include "engine/runtime/gc_state.h"
#include "engine/runtime/instance.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/type_object.h"
#include "engine/runtime/weakref_object.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

namespace backstep::rt {

using namespace gc_detail;

namespace {

// What waits to run: an instance's __del__ (its owner gone), or the callback
// of a weak reference whose referent was freed.
struct PendingFinalizer {
  InstanceObject* instance = nullptr;
  Ref weakref;
};

struct FinalizerRegistry {
  std::mutex mutex;
  std::unordered_map<const Object*, std::vector<WeakRefObject*>> weakrefs;
  std::deque<PendingFinalizer> pending;
};

FinalizerRegistry& finalizer_registry() {
  static FinalizerRegistry* r = new FinalizerRegistry();  // outlives every object (freed at exit)
  return *r;
}

struct FinalizingDeleter {
  void operator()(InstanceObject* p) const {
    if (p->gc_flags & kFinalized) {
      delete p;
      return;
    }
    FinalizerRegistry& r = finalizer_registry();
    {
      std::lock_guard<std::mutex> lock(r.mutex);
      r.pending.push_back(PendingFinalizer{p, nullptr});
    }
    g_gc_pending.store(true, std::memory_order_relaxed);
  }
};

// Under the registry's lock: the live weakrefs of `vec`, newest first.
std::vector<Ref> lock_all(const std::vector<WeakRefObject*>& vec) {
  std::vector<Ref> out;
  for (auto it = vec.rbegin(); it != vec.rend(); ++it)
    if (Ref w = (*it)->weak_from_this().lock()) out.push_back(std::move(w));
  return out;
}

void mark_finalized(Object& o) {
  LockGuard guard(g_state.lock);
  o.gc_flags |= kFinalized;
}

void run_callback(Interpreter& in, const Ref& w) {
  auto& ref = static_cast<WeakRefObject&>(*w);
  Value callback = ref.callback;
  if (callback.is_none()) return;
  try {
    call(in, callback, {Value(w)});
  } catch (const ScriptError&) {
    report_ignored(in, callback, std::current_exception());
  }
}

}  // namespace

namespace {
// Whether a class defines __del__, by class and its version (instances are
// made often; the MRO is searched once per class change).
struct FinalizerCacheEntry {
  uint64_t version;
  bool has_del;
};
// An Interpreter that ends during the thread's (or the process's) exit
// still calls forget_finalizer_cache, possibly after this thread_local map
// is destroyed (ASan: a heap-use-after-free when test_torch's static
// interpreter ended at exit): the holder says when it is gone.
using FinalizerCache = std::unordered_map<const TypeObject*, FinalizerCacheEntry>;
struct FinalizerCacheHolder {
  FinalizerCache map;
  bool alive = true;
  ~FinalizerCacheHolder() { alive = false; }
};
thread_local FinalizerCacheHolder t_finalizers;
FinalizerCache& finalizer_cache() { return t_finalizers.map; }
}  // namespace

bool class_has_finalizer(const TypeObject& cls) {
  auto [it, fresh] = finalizer_cache().try_emplace(&cls, FinalizerCacheEntry{cls.version(), false});
  if (fresh || it->second.version != cls.version())
    it->second = FinalizerCacheEntry{cls.version(), cls.lookup("__del__") != nullptr};
  return it->second.has_del;
}

void forget_finalizer_cache() {
  if (t_finalizers.alive) t_finalizers.map.clear();
}

Value make_finalizable_instance(const TypeObject& cls) {
  return Value(std::shared_ptr<InstanceObject>(new InstanceObject(&cls), FinalizingDeleter{}));
}

bool has_pending_finalizer(const Ref& o) {
  return o->kind() == ObjKind::Instance && !(o->gc_flags & kFinalized) &&
         std::get_deleter<FinalizingDeleter>(o) != nullptr;
}

void call_finalizer(Interpreter& in, const Ref& o) {
  mark_finalized(*o);
  Value self(o);
  const Value* del = type_of(self).lookup("__del__");
  if (!del) return;
  Value fn = *del;
  try {
    if (auto bound = lookup_special(in, self, "__del__")) call(in, *bound, {});
  } catch (const ScriptError&) {
    report_ignored(in, fn, std::current_exception());
  }
}

void report_ignored(Interpreter& in, const Value& where, const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const ScriptError& err) {
    std::string what;
    try {
      what = repr(in, where);
    } catch (const ScriptError&) {
      what = "<object repr() failed>";
    }
    in.sink().err(fmt::format("Exception ignored in: {}\n", what));
    in.sink().err(in.format_error(err));
  }
}

void gc_run_finalizers(Interpreter& in) {
  static thread_local bool running = false;
  if (running) return;  // the outer loop runs what nested ones queue
  running = true;
  struct Reset {
    ~Reset() { running = false; }
  } reset;
  FinalizerRegistry& r = finalizer_registry();
  for (;;) {
    PendingFinalizer next;
    {
      std::lock_guard<std::mutex> lock(r.mutex);
      if (r.pending.empty()) return;
      next = std::move(r.pending.front());
      r.pending.pop_front();
    }
    if (next.instance) {
      mark_finalized(*next.instance);
      // Owned again (a new count) for the call; the deleter frees it when
      // this last reference goes, unless __del__ stored it somewhere.
      std::shared_ptr<InstanceObject> self(next.instance, FinalizingDeleter{});
      call_finalizer(in, self);
    } else {
      run_callback(in, next.weakref);
    }
  }
}

// --- weak references ------------------------------------------------------------

void register_weakref(Object& target, WeakRefObject& w) {
  FinalizerRegistry& r = finalizer_registry();
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    r.weakrefs[&target].push_back(&w);
    w.target = &target;
  }
  // The collector's lock after the registry's, never the other way round.
  LockGuard guard(g_state.lock);
  target.gc_flags |= kHasWeakrefs;
}

void unregister_weakref(WeakRefObject& w) {
  FinalizerRegistry& r = finalizer_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (!w.target) return;
  auto it = r.weakrefs.find(w.target);
  if (it != r.weakrefs.end()) {
    std::erase(it->second, &w);
    if (it->second.empty()) r.weakrefs.erase(it);
  }
  w.target = nullptr;
}

std::vector<Ref> weakrefs_to(const Object& target) {
  FinalizerRegistry& r = finalizer_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.weakrefs.find(&target);
  if (it == r.weakrefs.end()) return {};
  std::vector<Ref> out = lock_all(it->second);
  std::reverse(out.begin(), out.end());
  return out;
}

Ref WeakRefObject::referent() const {
  FinalizerRegistry& r = finalizer_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return target ? target->weak_from_this().lock() : nullptr;
}

namespace gc_detail {

void referent_freed(const Object& o) {
  FinalizerRegistry& r = finalizer_registry();
  std::vector<Ref> alive;  // released after the lock (a last reference may go)
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    auto it = r.weakrefs.find(&o);
    if (it == r.weakrefs.end()) return;
    for (WeakRefObject* w : it->second) w->target = nullptr;
    alive = lock_all(it->second);
    r.weakrefs.erase(it);
    for (const Ref& w : alive)
      if (!static_cast<WeakRefObject&>(*w).callback.is_none()) r.pending.push_back(PendingFinalizer{nullptr, w});
  }
  g_gc_pending.store(true, std::memory_order_relaxed);
}

}  // namespace gc_detail

bool clear_weakrefs_to_garbage(Interpreter& in, const std::vector<Ref>& garbage) {
  std::unordered_set<const Object*> in_garbage;
  for (const Ref& o : garbage) in_garbage.insert(o.get());
  std::vector<Ref> alive, callbacks;
  FinalizerRegistry& r = finalizer_registry();
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    for (const Ref& o : garbage) {
      if (!(o->gc_flags & kHasWeakrefs)) continue;
      auto it = r.weakrefs.find(o.get());
      if (it == r.weakrefs.end()) continue;
      for (WeakRefObject* w : it->second) w->target = nullptr;
      for (Ref& w : lock_all(it->second)) {
        if (!in_garbage.count(w.get()) && !static_cast<WeakRefObject&>(*w).callback.is_none()) callbacks.push_back(w);
        alive.push_back(std::move(w));
      }
      r.weakrefs.erase(it);
    }
  }
  for (const Ref& w : callbacks) run_callback(in, w);
  return !callbacks.empty();
}

}  // namespace backstep::rt
