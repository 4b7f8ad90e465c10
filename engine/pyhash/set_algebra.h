// Set algebra on SetTable, following CPython 3.11's setobject.c step for
// step, because *how* a result is built decides its order: which operand is
// iterated, which key object (of two equal ones) ends up in the result, and
// whether the result starts as a copy.  Each function names the Python
// operation it implements.  Arguments are non-const: Eq may run Python code
// that mutates either operand, and the functions then behave as CPython.
//
// The caller maps Python types onto these functions:
//   `other` is a set/frozenset (incl. subclasses, PyAnySet_Check) -> Set&;
//   an exact dict -> its (key, hash) pairs / a contains(key, hash) callable;
//   anything else -> `next`, a callable returning std::optional<Key> (the
//   Python iterator's next item, nullopt when exhausted; may throw).
// Operands that are the same Python object must be passed as the same
// table: several paths special-case `so is other`.
#pragma once

#include <optional>

#include "engine/pyhash/set_table.h"

namespace backstep::pyhash {

// set.copy(), set(s), frozenset(s) for a set s (frozenset.copy() of an
// exact frozenset returns the same object instead).
template <class Set>
Set set_copy(Set& so) {
  Set result = so.empty_like();
  result.update_from_set(so);
  return result;
}

// `so | other`, so.union(other): a copy of `so`, then other merged in.
// (union(*others) with non-set others: set_copy, then update_from_* each,
// skipping an argument that is `so` itself.)
template <class Set>
Set set_union(Set& so, Set& other) {
  Set result = set_copy(so);
  if (&so != &other) result.update_from_set(other);
  return result;
}

// `so & other`, so.intersection(other) for a set `other`: iterates the
// smaller operand (the left one on a tie) and keeps *its* key objects.
template <class Set>
Set set_intersection(Set& so, Set& other) {
  if (&so == &other) return set_copy(so);
  Set result = so.empty_like();
  Set* probed = &so;
  Set* iterated = &other;
  if (other.size() > so.size()) std::swap(probed, iterated);
  size_t pos = 0;
  while (const auto* entry = iterated->next_entry(pos)) {
    auto key = entry->key;
    int64_t hash = entry->hash;
    if (probed->contains_entry(key, hash)) result.add_entry(key, hash);
  }
  return result;
}

// so.intersection(iterable): keeps the iterable's key objects, in its
// order, and stops reading it once the result is as large as `so`.
template <class Set, class Next>
Set set_intersection_with_iterator(Set& so, Next&& next) {
  Set result = so.empty_like();
  while (auto key = next()) {
    int64_t hash = so.hash_key(*key);
    if (!so.contains_entry(*key, hash)) continue;
    result.add_entry(*key, hash);
    if (result.size() >= so.size()) break;
  }
  return result;
}

// `so &= other`, so.intersection_update(other): the intersection is built
// as a new table and swapped in, so `so` takes the new table's order.
template <class Set>
void set_intersection_update(Set& so, Set& other) {
  Set result = set_intersection(so, other);
  so.swap_bodies(result);
}

// `so -= other`, so.difference_update(other) for a set `other`.  When
// `other` is more than 8 times larger, only the intersection is iterated.
// Afterwards the table shrinks if over a quarter of it is dummies.
template <class Set>
void set_difference_update(Set& so, Set& other) {
  if (&so == &other) {
    so.clear();
    return;
  }
  auto discard_all_of = [&so](Set& removed) {
    size_t pos = 0;
    while (const auto* entry = removed.next_entry(pos)) {
      auto key = entry->key;
      so.discard_entry(key, entry->hash);
    }
  };
  if ((other.size() >> 3) > so.size()) {
    Set common = set_intersection(so, other);
    discard_all_of(common);
  } else {
    discard_all_of(other);
  }
  so.shrink_after_removals();
}

// so.difference_update(iterable), also `so.difference(iterable)` after a copy.
template <class Set, class Next>
void set_difference_update_with_iterator(Set& so, Next&& next) {
  while (auto key = next()) so.discard(*key);
  so.shrink_after_removals();
}

// so.difference(iterable) for a non-set, non-dict iterable.
template <class Set, class Next>
Set set_difference_with_iterator(Set& so, Next&& next) {
  Set result = set_copy(so);
  set_difference_update_with_iterator(result, next);
  return result;
}

// `so - other`, so.difference(other) for a set `other`: if `so` is more than
// 4 times larger, copy it and remove other's keys; else build a new set
// from the keys of `so` that `other` lacks.
template <class Set>
Set set_difference(Set& so, Set& other) {
  if ((so.size() >> 2) > other.size()) {
    Set result = set_copy(so);
    set_difference_update(result, other);
    return result;
  }
  Set result = so.empty_like();
  size_t pos = 0;
  while (const auto* entry = so.next_entry(pos)) {
    auto key = entry->key;
    int64_t hash = entry->hash;
    if (!other.contains_entry(key, hash)) result.add_entry(key, hash);
  }
  return result;
}

// so.difference(d) for an exact dict d.  `dict_keys` is a sized range of its
// keys in order; `dict_contains(key, hash)` looks a key up with a known hash.
template <class Set, class Keys, class DictContains>
Set set_difference_with_dict(Set& so, const Keys& dict_keys, DictContains&& dict_contains) {
  if ((so.size() >> 2) > std::size(dict_keys)) {
    // Copy, then iterate the dict like any iterable (hashing each key).
    Set result = set_copy(so);
    for (const auto& key : dict_keys) result.discard(key);
    result.shrink_after_removals();
    return result;
  }
  Set result = so.empty_like();
  size_t pos = 0;
  while (const auto* entry = so.next_entry(pos)) {
    auto key = entry->key;
    int64_t hash = entry->hash;
    if (!dict_contains(key, hash)) result.add_entry(key, hash);
  }
  return result;
}

// `so ^= other`, so.symmetric_difference_update(other) for a set `other`:
// each key of `other`, in its order, is discarded from `so` or else added.
// For an iterable that is neither set nor dict, CPython first builds a set
// from it (update_from_iterator on so.empty_like()) and calls this.
template <class Set>
void set_symmetric_difference_update(Set& so, Set& other) {
  if (&so == &other) {
    so.clear();
    return;
  }
  size_t pos = 0;
  while (const auto* entry = other.next_entry(pos)) {
    auto key = entry->key;
    int64_t hash = entry->hash;
    if (!so.discard_entry(key, hash)) so.add_entry(key, hash);
  }
}

// so.symmetric_difference_update(d) for an exact dict: its (key, hash) pairs.
template <class Set, class Pairs>
void set_symmetric_difference_update_with_dict(Set& so, const Pairs& keys_with_hashes) {
  for (const auto& [key, hash] : keys_with_hashes) {
    if (!so.discard_entry(key, hash)) so.add_entry(key, hash);
  }
}

// `so ^ other`, so.symmetric_difference(other): a new set built from
// *other* (for a non-set other: set(other) built the usual way), then
// updated with `so`.
template <class Set>
Set set_symmetric_difference(Set& so, Set& other) {
  Set result = set_copy(other);
  set_symmetric_difference_update(result, so);
  return result;
}

// so.issubset(other), `so <= other` for a set `other`.  For an iterable,
// CPython first builds set(iterable) and calls this.
template <class Set>
bool set_is_subset(Set& so, Set& other) {
  if (so.size() > other.size()) return false;
  size_t pos = 0;
  while (const auto* entry = so.next_entry(pos)) {
    auto key = entry->key;
    if (!other.contains_entry(key, entry->hash)) return false;
  }
  return true;
}

// so.issuperset(iterable) for a non-set: every item must be in `so`.
// (For a set `other`, issuperset is set_is_subset(other, so).)
template <class Set, class Next>
bool set_is_superset_with_iterator(Set& so, Next&& next) {
  while (auto key = next()) {
    if (!so.contains(*key)) return false;
  }
  return true;
}

// so.isdisjoint(other) for an exact set/frozenset `other` (subclasses take
// the iterator path): iterates the smaller one.
template <class Set>
bool set_is_disjoint(Set& so, Set& other) {
  if (&so == &other) return so.empty();
  Set* probed = &so;
  Set* iterated = &other;
  if (other.size() > so.size()) std::swap(probed, iterated);
  size_t pos = 0;
  while (const auto* entry = iterated->next_entry(pos)) {
    auto key = entry->key;
    if (probed->contains_entry(key, entry->hash)) return false;
  }
  return true;
}

template <class Set, class Next>
bool set_is_disjoint_with_iterator(Set& so, Next&& next) {
  while (auto key = next()) {
    if (so.contains(*key)) return false;
  }
  return true;
}

// `a == b` for two sets/frozensets (`!=` is its negation).  Sizes first,
// then the cached frozenset hashes if both have one, then a <= b.
template <class Set>
bool set_equals(Set& a, Set& b) {
  if (a.size() != b.size()) return false;
  if (a.cached_hash() != -1 && b.cached_hash() != -1 && a.cached_hash() != b.cached_hash()) {
    return false;
  }
  return set_is_subset(a, b);
}

// `a < b` and `a > b` (`a >= b` is set_is_subset(b, a)).
template <class Set>
bool set_is_proper_subset(Set& a, Set& b) {
  return a.size() < b.size() && set_is_subset(a, b);
}

template <class Set>
bool set_is_proper_superset(Set& a, Set& b) {
  return a.size() > b.size() && set_is_subset(b, a);
}

}  // namespace backstep::pyhash
