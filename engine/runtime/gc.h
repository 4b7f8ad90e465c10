// The cycle collector: what CPython's gc module does for reference cycles.
//
// Note [cycle collection]
// Values are reference-counted (std::shared_ptr), so a cycle -- `x = [];
// x.append(x)`, a closure that refers to itself, an object holding a bound
// method of itself -- never reaches a count of zero. Objects that can hold
// references (lists, dicts, instances, functions, cells, ...) are *tracked*:
// linked into one of three generations, as in CPython. A collection of
// generation g (and the younger ones) computes, for every object in it, its
// refcount minus the references from other objects in it (each object's
// gc_traverse reports the references it holds). What is left is held from
// outside: from older objects, from C++ (interpreter stacks, autograd nodes'
// hooks, the debugger), which are the roots. Everything reachable from a
// root survives; the rest is garbage, and gc_clear breaks its references so
// that reference counting frees it.
//
// Safety rests on one rule: an object may report only references it really
// holds, each once. Reporting less only keeps things alive (a leak, never a
// crash); reporting more would free live objects.
//
// C++ holders of script values that are not objects -- a module's globals
// (ModuleGlobals), a tensor (its TensorImpl, whose autograd hooks hold script
// functions), an autograd node, a hook list -- take part as *holders*: they
// have an exact strong count too (their shared_ptr's or intrusive_ptr's), so
// the same arithmetic applies to them. A holder owned once is walked through
// as part of its owner.
//
// Collections run on the interpreter thread at statement boundaries
// (gc_pending()), never inside an allocation: C++ code in the middle of an
// operation holds no raw pointer into garbage that way. The generation lists
// are guarded by a spin lock, because objects may be freed on the autograd
// engine's threads.
#pragma once

#include "engine/runtime/object.h"

#include <atomic>
#include <memory>
#include <vector>

namespace backstep::rt {

class GcVisitor;
struct ModuleGlobals;

// How the collector treats a kind of C++ holder.
struct GcHolderType {
  const char* name;
  // Reports what the holder at `key` holds (visitor.visit / visit_holder).
  void (*traverse)(const void* key, GcVisitor& v);
  // Drops its references when it is garbage; null: it holds none that can
  // close a cycle by themselves.
  void (*clear)(const void* key) = nullptr;
  // Keeps it alive while garbage is cleared (required with `clear`).
  std::shared_ptr<void> (*retain)(const void* key) = nullptr;
};

class GcVisitor {
 public:
  virtual ~GcVisitor() = default;
  // One strong reference to `o`.
  virtual void visit(const Object& o) = 0;
  // One strong reference to the holder `key`, whose strong count is `use_count`.
  virtual void visit_holder(const void* key, long use_count, const GcHolderType& type) = 0;

  void visit(const Value& v);  // an object, or a tensor through the registered traverser
  template <class T>
  void visit(const std::shared_ptr<T>& p) {
    if (p) visit(static_cast<const Object&>(*p));
  }
};

// Tensors are values of their own kind; the torch layer says what a
// TensorImpl holds (its hooks' script functions) at start-up.
using GcTensorTraverser = void (*)(const at::Tensor& t, GcVisitor& v);
void set_gc_tensor_traverser(GcTensorTraverser f);

// Tracks an object of a kind gc_on_create does not track (a C++ object
// that reports references in gc_traverse).
void gc_track(Object& o);

// A module's globals, as a holder (functions and the module report them).
void gc_visit_globals(GcVisitor& v, const std::shared_ptr<ModuleGlobals>& g);

// --- the gc module's state -------------------------------------------------
constexpr int kGcGenerations = 3;
// Collects `generation` and the younger ones; returns how many unreachable
// objects it found (as gc.collect() does). Script code (generators' finally
// blocks) may run. Must be called on the interpreter thread.
int64_t gc_collect(Interpreter& in, int generation);
// Note [A full collection repeats] (gc_collect.cpp): gc.collect() of the
// oldest generation and the end of a session.
int64_t gc_collect_full(Interpreter& in);
bool gc_enabled();
void gc_set_enabled(bool on);
int64_t gc_threshold(int generation);
void gc_set_threshold(int generation, int64_t value);
int64_t gc_count(int generation);
std::vector<Value> gc_objects(int generation);  // -1: all

// Note [collections and other threads]
// An autograd worker may drop the last reference to a tracked object at any
// time during a backward (a node dies with its hooks). A collection must not
// run then: it reads the objects' counts and members, and one freed under
// it would be read after its members were destroyed. The interpreter thread
// runs script code during a backward only inside pump_until (hooks posted
// by the worker), so pump_until holds collections: automatic ones wait
// until the backward is over, and gc.collect() there returns 0. Finalizers
// still run (they only take objects off a locked queue).
class GcHold {
 public:
  GcHold();
  ~GcHold();
  GcHold(const GcHold&) = delete;
  GcHold& operator=(const GcHold&) = delete;
};
bool gc_held();

// Set when an allocation crossed a threshold; the interpreter collects at
// its next statement boundary.
extern std::atomic<bool> g_gc_pending;
inline bool gc_pending() { return g_gc_pending.load(std::memory_order_relaxed); }
void gc_collect_pending(Interpreter& in);

// Runs the finalizers (__del__, weakref callbacks) of objects freed since
// the last call (gc_finalizers.cpp). On the interpreter thread only.
void gc_run_finalizers(Interpreter& in);

// The end of a session: collects, unbinds every module's globals as CPython
// does at exit (finalizers run), and collects again (gc_exit.cpp).
void gc_end_session(Interpreter& in);

}  // namespace backstep::rt
