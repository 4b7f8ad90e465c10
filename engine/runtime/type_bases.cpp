// Assigning a class's __bases__ (CPython's type_set_bases): the new bases
// are checked as CPython checks them, the class's MRO and those of its
// subclasses are recomputed (all of them or none), and every cache and
// slot that depends on the MRO is refreshed.
#include "engine/runtime/dict_object.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/type_object.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {

namespace {

bool adds_slots(const TypeObject& t) {
  const Value* s = t.dict().find_str("__slots__");
  if (!s) return false;
  if (const auto* tuple = s->as<TupleObject>()) return !tuple->items.empty();
  if (const auto* list = s->as<ListObject>()) return !list->items.empty();
  return true;  // a single name
}

// The class whose instance layout `t`'s instances have: the nearest builtin
// class, or class adding __slots__, on its MRO (CPython's solid_base).
const TypeObject* layout_owner(const TypeObject& t) {
  for (const TypeObject* c : t.mro())
    if (!c->is_heap_type() || adds_slots(*c)) return c;
  return types().object;
}

// The base whose layout is the most derived (CPython's best_base).
const TypeObject* best_base(const std::vector<TypeObject*>& bases) {
  const TypeObject* best = bases.front();
  for (const TypeObject* b : bases)
    if (layout_owner(*b) != layout_owner(*best) && layout_owner(*b)->is_subtype_of(*layout_owner(*best))) best = b;
  return best;
}

void check_compatible(const std::vector<TypeObject*>& old_bases, const std::vector<TypeObject*>& new_bases) {
  const TypeObject* was = best_base(old_bases);
  const TypeObject* now = best_base(new_bases);
  if (layout_owner(*was) == layout_owner(*now)) return;
  // object's instances are freed as plain objects; every other layout's
  // with the collector's help: CPython reports that first.
  bool plain_was = was == types().object, plain_now = now == types().object;
  if (plain_was != plain_now)
    raise_type_error(fmt::format("__bases__ assignment: '{}' deallocator differs from '{}'", now->name(), was->name()));
  raise_type_error(fmt::format("__bases__ assignment: '{}' object layout differs from '{}'", now->name(), was->name()));
}

std::vector<TypeObject*> checked_new_bases(const TypeObject& cls, const Value* v) {
  if (!v) raise_type_error(fmt::format("cannot delete '__bases__' attribute of immutable type '{}'", cls.name()));
  const auto* tuple = v->as<TupleObject>();
  if (!tuple) raise_type_error(fmt::format("can only assign tuple to {}.__bases__, not {}", cls.name(), type_name(*v)));
  if (tuple->items.empty())
    raise_type_error(fmt::format("can only assign non-empty tuple to {}.__bases__, not ()", cls.name()));
  std::vector<TypeObject*> bases;
  for (const Value& item : tuple->items) {
    auto* b = item.as<TypeObject>();
    if (!b) raise_type_error(fmt::format("{}.__bases__ must be tuple of classes, not '{}'", cls.name(), type_name(item)));
    if (b == &cls || b->is_subtype_of(cls)) raise_type_error("a __bases__ item causes an inheritance cycle");
    if (std::find(bases.begin(), bases.end(), b) != bases.end())
      raise_type_error(fmt::format("duplicate base class {}", b->name()));
    bases.push_back(b);
  }
  return bases;
}

}  // namespace

void TypeObject::set_bases(std::vector<TypeObject*> bases) {
  // Every class whose MRO contains this one, this one first, each before
  // its own subclasses: the order their MROs must be recomputed in.
  std::vector<TypeObject*> affected{this};
  for (size_t i = 0; i < affected.size(); ++i)
    for (TypeObject* s : affected[i]->subclasses_)
      if (std::find(affected.begin(), affected.end(), s) == affected.end()) affected.push_back(s);
  std::vector<std::vector<TypeObject*>> old_mros;
  for (TypeObject* t : affected) old_mros.push_back(t->mro_);
  std::vector<TypeObject*> old_bases = bases_;
  bases_ = std::move(bases);
  try {
    for (TypeObject* t : affected) t->mro_ = compute_mro(t, t->bases_);
  } catch (...) {
    bases_ = std::move(old_bases);
    for (size_t i = 0; i < affected.size(); ++i) affected[i]->mro_ = std::move(old_mros[i]);
    throw;
  }
  for (TypeObject* b : old_bases) std::erase(b->subclasses_, this);
  for (TypeObject* b : bases_) b->add_subclass(this);
  invalidate();
  for (TypeObject* t : affected)
    if (t->is_heap_type()) t->refresh_slots();
}

void assign_bases(TypeObject& cls, const Value* v) {
  std::vector<TypeObject*> bases = checked_new_bases(cls, v);
  check_compatible(cls.bases(), bases);
  cls.set_bases(std::move(bases));
}

}  // namespace backstep::rt
