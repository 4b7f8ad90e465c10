// One collection (Note [cycle collection] in gc.h):
//   1. gc_refs = refcount, for every object of the generations collected;
//   2. every object reports its references: each one to an object (or a
//      holder) in the collection lowers the target's gc_refs;
//   3. objects (and holders) with gc_refs > 0 are held from outside: they
//      and everything reachable from them survive;
//   4. weak references to the rest go dead, and the callbacks of those that
//      are not garbage themselves run (CPython's handle_weakrefs);
//   5. finalizers run: suspended generators are closed (their finally
//      blocks run) and __del__ is called, once per object (Note
//      [finalizers] in gc_finalizers.cpp); if anything ran, what is still
//      unreachable is found again (the rest was resurrected);
//   6. the rest is cleared, and reference counting frees it.
#include "engine/runtime/gc.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/gc_finalizers.h"
#include "engine/runtime/gc_state.h"
#include "engine/runtime/generator.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/script_function.h"

#include <fmt/format.h>

#include <unordered_map>

namespace backstep::rt {

using namespace gc_detail;

namespace {

struct HolderState {
  int64_t refs = 0;
  const GcHolderType* type = nullptr;
  bool reachable = false;
};

// The holders met in this collection, by address.
using Holders = std::unordered_map<const void*, HolderState>;

GcHeader& header(const Object& o) { return const_cast<Object&>(o); }

// Step 2: references from inside the collection do not keep anything alive.
class SubtractRefs : public GcVisitor {
 public:
  explicit SubtractRefs(Holders& holders) : holders_(holders) {}
  using GcVisitor::visit;
  void visit(const Object& o) override {
    GcHeader& h = header(o);
    if (h.gc_flags & kInCollection) --h.gc_refs;
  }
  void visit_holder(const void* key, long use_count, const GcHolderType& type) override {
    // A holder owned once, and with nothing to clear, is part of its owner.
    if (use_count == 1 && !type.clear) {
      type.traverse(key, *this);
      return;
    }
    auto [it, fresh] = holders_.try_emplace(key);
    if (fresh) {
      it->second.refs = use_count;
      it->second.type = &type;
      pending_.push_back(key);
    }
    --it->second.refs;
  }
  // Holders report their own references once each.
  void drain() {
    while (!pending_.empty()) {
      const void* key = pending_.back();
      pending_.pop_back();
      holders_.at(key).type->traverse(key, *this);
    }
  }

 private:
  Holders& holders_;
  std::vector<const void*> pending_;
};

// Step 3: what a survivor reaches survives.
class MarkReachable : public GcVisitor {
 public:
  explicit MarkReachable(Holders& holders) : holders_(holders) {}
  using GcVisitor::visit;
  void visit(const Object& o) override {
    GcHeader& h = header(o);
    if ((h.gc_flags & kInCollection) && !(h.gc_flags & kReachable)) {
      h.gc_flags |= kReachable;
      objects_.push_back(&o);
    }
  }
  void visit_holder(const void* key, long use_count, const GcHolderType& type) override {
    if (use_count == 1 && !type.clear) {
      type.traverse(key, *this);
      return;
    }
    auto it = holders_.find(key);
    if (it == holders_.end() || it->second.reachable) return;
    it->second.reachable = true;
    holders_pending_.push_back(key);
  }
  void drain() {
    while (!objects_.empty() || !holders_pending_.empty()) {
      if (!objects_.empty()) {
        const Object* o = objects_.back();
        objects_.pop_back();
        if (!(o->gc_flags & kUnowned)) o->gc_traverse(*this);
      } else {
        const void* key = holders_pending_.back();
        holders_pending_.pop_back();
        holders_.at(key).type->traverse(key, *this);
      }
    }
  }

 private:
  Holders& holders_;
  std::vector<const Object*> objects_;
  std::vector<const void*> holders_pending_;
};

// A tuple whose items cannot hold references leaves the lists (CPython
// untracks such tuples the same way, at collection time).
bool holds_only_atoms(const Object& o) {
  if (o.kind() != ObjKind::Tuple || o.instance_dict()) return false;
  for (const Value& v : static_cast<const TupleObject&>(o).items) {
    if (v.is_tensor()) return false;
    if (Object* item = v.object_ptr(); item && item->gc_tracked()) return false;
  }
  return true;
}

// Note [what gc.collect() counts]
// gc.collect() returns how many unreachable objects it found, and scripts
// print it. Counted as CPython 3.11 lays objects out: an instance's
// __dict__ is part of the instance there (it is not made unless asked for),
// and a closure keeps its cells in a tuple of their own.
// `extra_refs`: references the caller holds to each member besides the
// garbage list (the survivors of a finalizer pass).
int64_t cpython_count_adjustment(const Object& o, long extra_refs) {
  int64_t n = 0;
  if (const DictObject* d = o.instance_dict(); d && o.kind() == ObjKind::Instance) {
    // Held by the instance and by the collector's list of garbage only.
    bool garbage = (d->gc_flags & kInCollection) && !(d->gc_flags & kReachable);
    if (garbage && o.instance_dict_ref().use_count() == 2 + extra_refs) --n;
  }
  if (o.kind() == ObjKind::Function)
    if (auto* f = dynamic_cast<const ScriptFunction*>(&o); f && !f->free_cells.empty()) ++n;
  return n;
}

struct Garbage {
  int64_t reported = 0;  // what gc.collect() answers
  std::vector<Ref> objects;
  std::vector<std::pair<std::shared_ptr<void>, const GcHolderType*>> holders;
  // Suspended generators and instances whose __del__ has not run, to be
  // finalized before anything is cleared (in the order of the lists).
  std::vector<Object*> to_finalize;
};

// Steps 2-3 and the choice of garbage among `members`, whose flags and
// gc_refs step 1 set. Under the lock.
Garbage analyse(const std::vector<Object*>& members, long extra_refs = 0) {
  Holders holders;
  SubtractRefs subtract(holders);
  for (Object* o : members)
    if (!(o->gc_flags & kUnowned)) o->gc_traverse(subtract);
  subtract.drain();

  MarkReachable mark(holders);
  for (Object* o : members)
    if (o->gc_refs > 0 || (o->gc_flags & kUnowned)) mark.visit(*o);
  for (auto& [key, state] : holders)
    if (state.refs > 0) mark.visit_holder(key, 0, *state.type);
  mark.drain();

  Garbage garbage;
  for (Object* o : members)
    if (!(o->gc_flags & kReachable))
      if (Ref r = o->weak_from_this().lock()) {
        if (auto* g = r->kind() == ObjKind::Generator ? static_cast<GeneratorObject*>(r.get()) : nullptr) {
          if (g->started() && !g->finished() && !g->running()) garbage.to_finalize.push_back(g);
        } else if (has_pending_finalizer(r)) {
          garbage.to_finalize.push_back(r.get());
        }
        garbage.objects.push_back(std::move(r));
      }
  garbage.reported = static_cast<int64_t>(garbage.objects.size());
  for (const Ref& o : garbage.objects) garbage.reported += cpython_count_adjustment(*o, extra_refs);
  for (Object* o : members) o->gc_flags &= kPersistentFlags;
  for (auto& [key, state] : holders)
    if (!state.reachable && state.type->clear)
      if (auto kept = state.type->retain(key)) garbage.holders.emplace_back(std::move(kept), state.type);
  return garbage;
}

// Step 1 for the generations collected (linked on `young`).
Garbage find_garbage(GcHeader& young) {
  std::vector<Object*> members;
  for (GcHeader* h = young.gc_next; h != &young;) {
    GcHeader* next = h->gc_next;
    auto* o = static_cast<Object*>(h);
    long count = o->weak_from_this().use_count();
    if (count > 0 && holds_only_atoms(*o)) {
      list_remove(*o);
    } else {
      o->gc_flags = (o->gc_flags & kPersistentFlags) | kInCollection | (count == 0 ? kUnowned : 0);
      o->gc_refs = count;
      members.push_back(o);
    }
    h = next;
  }
  return analyse(members);
}

// After finalizers ran: the garbage that nothing outside it refers to now
// (the finalizers may have stored some of it somewhere: it is resurrected,
// as in CPython's handle_resurrected_objects). `garbage` holds one
// reference to each of its objects itself.
Garbage still_garbage(const Garbage& garbage) {
  std::vector<Object*> members;
  for (const Ref& o : garbage.objects) {
    o->gc_flags = (o->gc_flags & kPersistentFlags) | kInCollection;
    o->gc_refs = o.use_count() - 1;
    members.push_back(o.get());
  }
  Garbage rest = analyse(members, 1);
  rest.to_finalize.clear();  // finalized once, as CPython does
  return rest;
}

// Closes unreachable suspended generators (their finally blocks run) and
// calls __del__; whatever they raise is reported as CPython reports errors
// in finalizers. The objects are kept alive by the garbage list.
void finalize(Interpreter& in, const std::vector<Object*>& objects) {
  for (Object* o : objects) {
    if (o->kind() != ObjKind::Generator) {
      call_finalizer(in, o->shared_from_this());
      continue;
    }
    auto* g = static_cast<GeneratorObject*>(o);
    try {
      g->close(in);
    } catch (const ScriptError& e) {
      in.sink().err(fmt::format("Exception ignored in: <generator object {} at {:#x}>\n", g->qualname(), g->address()));
      in.sink().err(in.format_error(e));
    } catch (const std::exception&) {
    }
  }
}

}  // namespace

// Note [A full collection repeats]
// The collector sees a libtorch graph only where script values hang on it
// (hooks, a Function's ctx), never the edges between nodes: those count as
// references from outside. So one cycle can keep the next alive through the
// graph: nn.Module's full backward hooks pin an input node and an output
// node per call (Note [A ctx the script holds keeps its node], function_
// api.cpp), and the output node's graph holds the input node. A pass frees
// the first cycle; only then is the second garbage. A full collection runs
// passes while the last one found something (at most kFullPasses: a
// resurrecting finalizer must not keep it going), and reports them all.
constexpr int kFullPasses = 64;

int64_t gc_collect_full(Interpreter& in) {
  int64_t total = 0;
  for (int pass = 0; pass < kFullPasses; ++pass) {
    int64_t found = gc_collect(in, kGcGenerations - 1);
    total += found;
    if (found == 0) break;
  }
  return total;
}

int64_t gc_collect(Interpreter& in, int generation) {
  State& s = g_state;
  if (s.collecting) return 0;
  if (gc_held()) {  // Note [collections and other threads] in gc.h
    g_gc_pending.store(true, std::memory_order_relaxed);
    return 0;
  }
  s.collecting = true;
  struct Done {
    State& s;
    ~Done() { s.collecting = false; }
  } done{s};
  Garbage garbage;
  int older = std::min(generation + 1, kGcGenerations - 1);
  {
    LockGuard guard(s.lock);
    GcHeader& young = s.generations[generation];
    for (int g = 0; g < generation; ++g) list_splice(s.generations[g], young);
    for (int g = 0; g <= generation; ++g) s.count[g] = 0;
    if (generation + 1 < kGcGenerations) ++s.count[generation + 1];
    list_init(young);
    garbage = find_garbage(young);
    // Survivors (and the garbage, until it is freed) move up a generation.
    size_t survivors = list_size(young) - garbage.objects.size();
    for (GcHeader* h = young.gc_next; h != &young; h = h->gc_next) h->gc_generation = static_cast<uint8_t>(older);
    if (older != generation) list_splice(young, s.generations[older]);
    if (generation == kGcGenerations - 2) s.long_lived_pending += static_cast<int64_t>(survivors);
    if (generation == kGcGenerations - 1) {
      s.long_lived_total = static_cast<int64_t>(survivors);
      s.long_lived_pending = 0;
    }
  }
  int64_t found = garbage.reported;
  bool ran = clear_weakrefs_to_garbage(in, garbage.objects);
  if (!garbage.to_finalize.empty()) {
    finalize(in, garbage.to_finalize);
    ran = true;
  }
  if (ran) {
    // What the finalizers freed goes now (closing a generator often breaks
    // its cycle); what is left is looked at again, and counted, as CPython
    // counts what is still unreachable after finalizers.
    std::vector<std::weak_ptr<Object>> left(garbage.objects.begin(), garbage.objects.end());
    garbage = Garbage();
    Garbage survivors;
    for (const auto& w : left)
      if (Ref o = w.lock()) survivors.objects.push_back(std::move(o));
    {
      LockGuard guard(s.lock);
      garbage = still_garbage(survivors);
    }
    found = garbage.reported;
  }
  for (auto& [holder, type] : garbage.holders) type->clear(holder.get());
  for (const Ref& o : garbage.objects) o->gc_clear();
  garbage = Garbage();  // reference counting frees what was cleared
  return found;
}

}  // namespace backstep::rt
