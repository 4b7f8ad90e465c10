// Finalizers and weak references, as the cycle collector sees them (Note
// [finalizers] in gc_finalizers.cpp). Internal to the runtime.
#pragma once

#include "engine/runtime/object.h"

#include <vector>

namespace backstep::rt {

class WeakRefObject;

namespace gc_detail {
// Bits of GcHeader::gc_flags that outlive a collection (the others are a
// collection's scratch, gc_state.h).
constexpr uint8_t kFinalized = 8;     // its __del__ ran (it runs once: PEP 442)
constexpr uint8_t kHasWeakrefs = 16;  // weak references to it are registered
constexpr uint8_t kHasCaptures = 32;  // its closures' captures are registered (gc_captures.h)
constexpr uint8_t kModuleMirror = 64;  // a dict that is a module's live namespace (module_mirror.h)
constexpr uint8_t kClassNamespace = 128;  // a class's __dict__ (Note [The class namespace epoch])
constexpr uint8_t kPersistentFlags = kFinalized | kHasWeakrefs | kHasCaptures | kModuleMirror | kClassNamespace;

// gc_captures.cpp: an owner's registered captures.
void visit_captures(const Object& o, GcVisitor& v);
void clear_captures(const Object& o);
void forget_captures(const Object& o);  // ~Object

// The referent of weakrefs is being freed: they go dead, and the callbacks
// of those still alive are queued (~Object, any thread).
void referent_freed(const Object& o);
}  // namespace gc_detail

// Whether instances of `cls` have a __del__ (cached per class version);
// forget_finalizer_cache at the end of a session (classes go with it).
bool class_has_finalizer(const TypeObject& cls);
void forget_finalizer_cache();
// An instance of a user class with __del__: freed through a deleter that
// queues its finalizer instead when it has not run yet.
Value make_finalizable_instance(const TypeObject& cls);
bool has_pending_finalizer(const Ref& o);  // made so, and __del__ not yet run
// Runs o's __del__ now (the collector's finalize step); marks it finalized.
void call_finalizer(Interpreter& in, const Ref& o);

// Weak references to `target` (registered by WeakRefObject), oldest first.
void register_weakref(Object& target, WeakRefObject& w);
void unregister_weakref(WeakRefObject& w);
std::vector<Ref> weakrefs_to(const Object& target);  // the live ones

// The collector's handle_weakrefs: weakrefs to `garbage` go dead; the
// callbacks of weakrefs that are not garbage themselves run. Returns
// whether any callback ran.
bool clear_weakrefs_to_garbage(Interpreter& in, const std::vector<Ref>& garbage);

// Reports an exception a finalizer or callback raised, as CPython does
// ("Exception ignored in: ...").
void report_ignored(Interpreter& in, const Value& where, const std::exception_ptr& e);

}  // namespace backstep::rt
