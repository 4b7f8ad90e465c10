// What each object of the runtime holds, for the cycle collector (Note
// [cycle collection] in gc.h): gc_traverse reports every strong reference
// once; gc_clear drops the ones that can close a cycle. Immutable members
// (a tuple's items, a bound method's self) are only reported: every cycle
// through them also runs through a mutable container, which is cleared.
#include "engine/runtime/deep_release.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/gc.h"
#include "engine/runtime/gc_finalizers.h"
#include "engine/runtime/generator.h"
#include "engine/runtime/instance.h"
#include "engine/runtime/set_store.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/module_mirror.h"
#include "engine/runtime/script_function.h"

namespace backstep::rt {

namespace {

void visit_all(GcVisitor& v, const std::vector<Value>& values) {
  for (const Value& x : values) v.visit(x);
}

// A module's globals: held by the module and by every function defined in
// it. Cleared by unbinding every name (the slots stay: code indexes them).
void traverse_globals(const void* key, GcVisitor& v) {
  const auto* g = static_cast<const ModuleGlobals*>(key);
  for (const Value& x : g->values) v.visit(x);
  if (const DictObject* d = module_mirror(*g)) v.visit(static_cast<const Object&>(*d));  // Note [globals() is live]
}
void clear_globals(const void* key) {
  auto* g = const_cast<ModuleGlobals*>(static_cast<const ModuleGlobals*>(key));
  if (DictObject* d = module_mirror(*g)) d->gc_clear();  // empties the slots too
  std::vector<Value> old(g->values.size(), unbound());
  old.swap(g->values);
  release_items(old);
}
std::shared_ptr<void> retain_globals(const void* key) {
  return const_cast<ModuleGlobals*>(static_cast<const ModuleGlobals*>(key))->shared_from_this();
}
const GcHolderType kGlobalsHolder{"module globals", traverse_globals, clear_globals, retain_globals};

}  // namespace

void gc_visit_globals(GcVisitor& v, const std::shared_ptr<ModuleGlobals>& g) {
  if (g) v.visit_holder(g.get(), g.use_count(), kGlobalsHolder);
}

// --- object (the instance __dict__) ---------------------------------------------

void Object::gc_traverse(GcVisitor& v) const {
  v.visit(dict_);
  if (gc_flags & gc_detail::kHasCaptures) [[unlikely]]
    gc_detail::visit_captures(*this, v);  // Note [captures of C++ closures]
}

void Object::gc_clear() {
  std::shared_ptr<DictObject> d = std::move(dict_);
  dict_.reset();
  if (gc_flags & gc_detail::kHasCaptures) [[unlikely]]
    gc_detail::clear_captures(*this);
}

// An instance's __slots__ values live beside its __dict__ (instance.h).
void InstanceObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  v.visit(slot_values);
}
void InstanceObject::gc_clear() {
  Object::gc_clear();
  std::shared_ptr<DictObject> d = std::move(slot_values);
  slot_values.reset();
}

// --- containers -------------------------------------------------------------------

void ListObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  visit_all(v, items);
}
void ListObject::gc_clear() {
  Object::gc_clear();
  release_items(items);
}

void TupleObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  visit_all(v, items);
}

void DictObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  for_each([&](const Value& k, const Value& x) {
    v.visit(k);
    v.visit(x);
  });
}
void DictObject::gc_clear() {
  Object::gc_clear();
  clear();
}

void SetObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  size_t pos = 0;
  while (const auto* entry = store_->table.next_entry(pos)) v.visit(entry->key);
}
void SetObject::gc_clear() {
  Object::gc_clear();
  clear();
}

void CellObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  v.visit(value);
}
void CellObject::gc_clear() {
  Object::gc_clear();
  Value old = std::move(value);
  value = Value();
  bound = false;
}

// --- functions and methods ---------------------------------------------------------

void ScriptFunction::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  visit_all(v, defaults);
  for (const auto& c : free_cells) v.visit(c);
  gc_visit_globals(v, globals);
  v.visit(module);
  v.visit(doc);
  v.visit(annotations);
}
void ScriptFunction::gc_clear() {
  Object::gc_clear();
  // Calls stay well-formed: a parameter whose default is gone has none.
  std::vector<Value> old(defaults.size(), unbound());
  old.swap(defaults);
  release_items(old);
  module = doc = annotations = Value();
}

void BoundMethod::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  v.visit(self);
  v.visit(func);
}

void ModuleObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  for (const auto& [name, x] : attrs_) v.visit(x);
  gc_visit_globals(v, ns_);
}
void ModuleObject::gc_clear() {
  Object::gc_clear();
  auto old = std::move(attrs_);
  attrs_.clear();
}

// --- exceptions and generators ------------------------------------------------------

void ExceptionObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  visit_all(v, args);
  v.visit(cause);
  v.visit(context);
  v.visit(attr_obj);
}
void ExceptionObject::gc_clear() {
  Object::gc_clear();
  release_items(args);
  cause = context = attr_obj = Value();
}

// A suspended generator owns its frame (it lives on the generator's own
// stack); a running one's frame is the interpreter's, and other values on
// its stack are C++ locals: those stay roots.
void GeneratorObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  for (const Value& x : pending_locals) v.visit(x);
  v.visit(sent_);
  v.visit(yielded_);
  v.visit(return_value_);
  if (frame && started() && !running() && !finished()) {
    for (const Value& x : frame->locals) v.visit(x);
    for (const auto& c : frame->cells) v.visit(c);
    v.visit(frame->return_value);
    v.visit(frame->handling);
  }
}

// --- descriptors ---------------------------------------------------------------------

void PropertyObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  v.visit(fget);
  v.visit(fset);
  v.visit(fdel);
  v.visit(doc);
}
void PropertyObject::gc_clear() {
  Object::gc_clear();
  fget = fset = fdel = doc = Value();
}

void StaticMethodObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  v.visit(func);
}
void StaticMethodObject::gc_clear() {
  Object::gc_clear();
  func = Value();
}

void ClassMethodObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  v.visit(func);
}
void ClassMethodObject::gc_clear() {
  Object::gc_clear();
  func = Value();
}

void SuperObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  v.visit(obj);
}

}  // namespace backstep::rt
