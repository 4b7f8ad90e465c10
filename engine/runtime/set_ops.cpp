// set's binary operations, in-place forms and relations, each on the route
// CPython 3.11's setobject.c takes (Note [CPython set order] in set_store.h):
// a set argument is used as a table, an exact dict through its stored hashes,
// anything else is iterated.
#include "engine/runtime/set_store.h"

#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"

namespace backstep::rt {

namespace {

bool frozen_result(const SetObject& like) { return !like.type().is_subtype_of(*types().set); }
bool is_exact_set_type(const Value& v) {
  auto* s = v.as<SetObject>();
  return s && (&s->type() == types().set || &s->type() == types().frozenset);
}

// A `next()` for the set algebra over any Python iterable.
auto python_next(Interpreter& in, const Value& iterable) {
  Value it = make_iterator(in, iterable);
  return [&in, it]() { return iterator_next(in, it); };
}

std::vector<std::pair<Value, int64_t>> dict_pairs(const DictObject& d) {
  std::vector<std::pair<Value, int64_t>> out;
  for (size_t i = 0; i < d.entry_count(); ++i)
    if (const auto* e = d.entry(i)) out.emplace_back(e->key, e->hash);
  return out;
}

// set_copy_and_difference: a copy of `so` with other's items discarded.
Value copy_and_difference(Interpreter& in, SetObject& so, const Value& other) {
  Value self(so.shared_from_this());
  auto result = new_set_basetype(in, so, &self);
  set_difference_update_with(in, *result, other);
  return Value(result);
}

}  // namespace

Value set_or(Interpreter& in, SetObject& so, const Value& other) {
  Value self(so.shared_from_this());
  auto result = new_set_basetype(in, so, &self);
  if (other.as<SetObject>() != &so) set_update_from(in, *result, other);
  return Value(result);
}

Value set_and(Interpreter& in, SetObject& so, const Value& other) {
  Value keep(so.shared_from_this());
  if (auto* s = other.as<SetObject>()) {
    if (s == &so) return Value(new_set_basetype(in, so, &keep));
    Value keep_other = other;
    return Value(wrap_table(frozen_result(so), pyhash::set_intersection(table_of(so), table_of(*s))));
  }
  return Value(wrap_table(frozen_result(so),
                          pyhash::set_intersection_with_iterator(table_of(so), python_next(in, other))));
}

Value set_sub(Interpreter& in, SetObject& so, const Value& other) {
  Value keep(so.shared_from_this());
  if (auto* s = other.as<SetObject>()) {
    Value keep_other = other;
    return Value(wrap_table(frozen_result(so), pyhash::set_difference(table_of(so), table_of(*s))));
  }
  if (is_exact_dict(other)) {
    auto* d = other.as<DictObject>();
    Value keep_other = other;
    auto keys = d->keys();
    auto contains = [d](const Value& key, int64_t) { return d->find(key) != nullptr; };
    return Value(wrap_table(frozen_result(so), pyhash::set_difference_with_dict(table_of(so), keys, contains)));
  }
  return copy_and_difference(in, so, other);
}

Value set_xor(Interpreter& in, SetObject& so, const Value& other) {
  auto result = new_set_basetype(in, so, &other);
  Value self(so.shared_from_this());
  set_symmetric_difference_update_with(in, *result, self);
  return Value(result);
}

void set_intersection_update_with(Interpreter& in, SetObject& so, const Value& other) {
  Value tmp = set_and(in, so, other);
  table_of(so).swap_bodies(table_of(*tmp.as<SetObject>()));
}

void set_difference_update_with(Interpreter& in, SetObject& so, const Value& other) {
  Value keep(so.shared_from_this());
  if (auto* s = other.as<SetObject>()) {
    Value keep_other = other;
    pyhash::set_difference_update(table_of(so), table_of(*s));
    return;
  }
  pyhash::set_difference_update_with_iterator(table_of(so), python_next(in, other));
}

void set_symmetric_difference_update_with(Interpreter& in, SetObject& so, const Value& other) {
  Value keep(so.shared_from_this());
  if (other.as<SetObject>() == &so) {
    so.clear();
    return;
  }
  if (is_exact_dict(other)) {
    pyhash::set_symmetric_difference_update_with_dict(table_of(so), dict_pairs(*other.as<DictObject>()));
    return;
  }
  Value otherset = other.as<SetObject>() ? other : Value(new_set_basetype(in, so, &other));
  pyhash::set_symmetric_difference_update(table_of(so), table_of(*otherset.as<SetObject>()));
}

bool set_issubset_of(Interpreter& in, SetObject& so, const Value& other) {
  Value keep(so.shared_from_this());
  Value otherset = other;
  if (!other.as<SetObject>()) {
    auto tmp = std::make_shared<SetObject>(types().set, false);
    set_update_from(in, *tmp, other);
    otherset = Value(tmp);
  }
  return pyhash::set_is_subset(table_of(so), table_of(*otherset.as<SetObject>()));
}

bool set_issuperset_of(Interpreter& in, SetObject& so, const Value& other) {
  Value keep(so.shared_from_this());
  if (auto* s = other.as<SetObject>()) {
    Value keep_other = other;
    return pyhash::set_is_subset(table_of(*s), table_of(so));
  }
  return pyhash::set_is_superset_with_iterator(table_of(so), python_next(in, other));
}

bool set_isdisjoint_with(Interpreter& in, SetObject& so, const Value& other) {
  Value keep(so.shared_from_this());
  if (other.as<SetObject>() == &so) return so.size() == 0;
  if (is_exact_set_type(other)) {
    Value keep_other = other;
    return pyhash::set_is_disjoint(table_of(so), table_of(*other.as<SetObject>()));
  }
  return pyhash::set_is_disjoint_with_iterator(table_of(so), python_next(in, other));
}

}  // namespace backstep::rt
