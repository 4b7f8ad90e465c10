// The hash table behind CPython 3.11's set and frozenset, replicated so that
// everything order-dependent comes out as in CPython: which slot an element
// lands in (9 linear probes, then perturbed jumps), deleted slots left as
// "dummies" and reused by the next add that passes them, when the table
// grows or shrinks and how it re-inserts, pop()'s finger, and therefore
// iteration order, repr and list(s).  The set algebra built on it is in
// set_algebra.h.
//
// Keys are opaque.  The table is parameterised on:
//   Hash: int64_t operator()(const Key&)  -- CPython's hash(key); never -1;
//         may throw (e.g. the TypeError of an unhashable key).
//   Eq:   bool operator()(const Key& stored, const Key& probe)  -- what
//         PyObject_RichCompareBool(stored, probe, Py_EQ) does: identity
//         first, then stored.__eq__(probe) (with the reflected fallback).
//         It is only called for keys of equal hash.  It may throw, and, as a
//         Python __eq__ can, it may mutate this table or any other; the
//         table then does what CPython does (see compare_stored()).
// Functions that may call Hash or Eq are not const, since Python code can
// run inside them.  The caller must keep the table alive across a call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "engine/pyhash/py_hash.h"

namespace backstep::pyhash {

namespace set_table_detail {
inline constexpr size_t kMinSize = 8;       // PySet_MINSIZE: the embedded table
inline constexpr size_t kLinearProbes = 9;  // LINEAR_PROBES
inline constexpr int kPerturbShift = 5;     // PERTURB_SHIFT
inline constexpr size_t kNotFound = static_cast<size_t>(-1);
// Process-wide counters (set_table.cpp): tokens never repeat, so a token
// copied into another table cannot be mistaken for a different key.
uint64_t next_key_identity();
uint64_t next_table_identity();
}  // namespace set_table_detail

enum class SlotState : uint8_t { kEmpty, kDummy, kActive };

template <class Key, class Hash, class Eq>
class SetTable {
 public:
  struct Entry {
    Key key{};
    int64_t hash = 0;  // CPython: 0 in an empty slot, -1 in a dummy
    // Stands in for the key object's address, which CPython compares to
    // notice that a comparison replaced the key in this slot.
    uint64_t identity = 0;
    SlotState state = SlotState::kEmpty;
    bool active() const { return state == SlotState::kActive; }
  };

  explicit SetTable(Hash hash = Hash{}, Eq eq = Eq{})
      : entries_(set_table_detail::kMinSize), hash_(std::move(hash)), eq_(std::move(eq)) {}

  // Copying is deliberately not a C++ copy: CPython's set.copy() re-inserts
  // (see set_copy() in set_algebra.h) and may lay the table out differently.
  SetTable(const SetTable&) = delete;
  SetTable& operator=(const SetTable&) = delete;
  SetTable(SetTable&&) noexcept = default;
  SetTable& operator=(SetTable&&) noexcept = default;

  // A new empty table with the same functors (make_new_set(type, NULL)).
  SetTable empty_like() const { return SetTable(hash_, eq_); }

  size_t size() const { return used_; }
  bool empty() const { return used_ == 0; }
  size_t table_size() const { return mask_ + 1; }  // sys.getsizeof counts this when > 8
  size_t fill() const { return fill_; }            // active + dummy slots
  const std::vector<Entry>& slots() const { return entries_; }
  int64_t hash_key(const Key& key) { return hash_(key); }
  const Hash& hash_function() const { return hash_; }
  const Eq& eq_function() const { return eq_; }

  // set.add(key) / set_add_entry with a hash already known.
  void add(const Key& key) { add_entry(key, hash_(key)); }
  void add_entry(const Key& key, int64_t hash);

  bool contains(const Key& key) { return contains_entry(key, hash_(key)); }
  bool contains_entry(const Key& key, int64_t hash) {
    return lookup(key, hash) != set_table_detail::kNotFound;
  }

  // set.discard; returns whether the key was there.  set.remove is this plus
  // KeyError(key) when it returns false.
  bool discard(const Key& key) { return discard_entry(key, hash_(key)); }
  bool discard_entry(const Key& key, int64_t hash);

  // set.pop(): nullopt when empty (CPython: KeyError('pop from an empty set')).
  std::optional<Key> pop();

  // set.clear(): back to the 8-slot table.  pop()'s finger is kept, as in
  // CPython, so a pop after clear+refill starts where the last pop ended.
  void clear();

  // set.update(other) for a set/frozenset `other` (set_merge): one presize,
  // then a slot-for-slot copy or clean re-insertion when this table is empty.
  void update_from_set(SetTable& other);

  // set.update(d) for an exact dict: one presize for len(d), then each key
  // with the hash the dict stored, in dict order.  `keys_with_hashes` is a
  // sized range of (Key, int64_t) pairs.  (d.keys(), d.items() and dict
  // subclasses go through update_from_iterator instead, as in CPython.)
  template <class Pairs>
  void update_from_dict(const Pairs& keys_with_hashes);

  // set.update(iterable) for anything else (list, tuple, iterator...):
  // `next()` returns the next key or nullopt when exhausted; it may throw.
  template <class Next>
  void update_from_iterator(Next&& next) {
    while (std::optional<Key> key = next()) add(*key);
  }
  template <class Range>
  void update_from_keys(const Range& keys) {
    for (const Key& key : keys) add(key);
  }

  // CPython's set_next: the first active slot at or after `pos`, advancing
  // pos past it; nullptr at the end.  Reads the table afresh on each call,
  // so it is safe (as in CPython) to continue after the table changed.  A
  // set iterator is {pos, size() at creation}: CPython raises
  // RuntimeError("Set changed size during iteration") when size() differs.
  const Entry* next_entry(size_t& pos) const;

  // hash(frozenset): cached until the table changes.
  int64_t frozenset_hash();
  // The cached frozenset hash or -1 (set equality uses it as a shortcut).
  int64_t cached_hash() const { return cached_hash_; }

  // set_swap_bodies: exchange contents with `other` (fingers stay put);
  // `s &= t` computes the intersection into a new table and swaps it in.
  void swap_bodies(SetTable& other);

  // The tail of difference_update: if more than a quarter of the slots are
  // dummies, rebuild (possibly shrinking) the table.
  void shrink_after_removals();

 private:
  struct Comparison {
    bool equal;
    bool table_changed;
  };

  size_t lookup(const Key& key, int64_t hash);
  Comparison compare_stored(size_t slot, const Key& probe);
  void table_resize(size_t min_used);
  void insert_clean(Entry&& entry);
  void store(size_t slot, Key&& key, int64_t hash, uint64_t identity);
  static size_t growth_target(size_t used) { return used > 50000 ? used * 2 : used * 4; }
  static bool is_small(size_t mask) { return mask == set_table_detail::kMinSize - 1; }

  std::vector<Entry> entries_;
  size_t mask_ = set_table_detail::kMinSize - 1;
  size_t fill_ = 0;  // active + dummy
  size_t used_ = 0;  // active
  size_t finger_ = 0;
  // Stands in for the table's address: 0 for the embedded 8-slot table
  // (which CPython reuses, so its address never changes), else a fresh
  // token per allocation.
  uint64_t table_identity_ = 0;
  int64_t cached_hash_ = -1;
  Hash hash_;
  Eq eq_;
};

}  // namespace backstep::pyhash

#include "engine/pyhash/set_table_impl.h"
