// Member definitions of SetTable (included by set_table.h only).
//
// Probing, as CPython 3.11's setobject.c does it: start at hash & mask; look
// at that slot and, if the 9 following slots are inside the table, at those
// too; then perturb >>= 5 and jump to (i * 5 + 1 + perturb) & mask, with
// `perturb` starting as the hash read as unsigned.  Indices, never
// references, are held across a comparison, because the comparison may
// reallocate the table.
#pragma once

namespace backstep::pyhash {

template <class Key, class Hash, class Eq>
auto SetTable<Key, Hash, Eq>::compare_stored(size_t slot, const Key& probe) -> Comparison {
  // CPython holds a reference to the stored key during the comparison, and
  // afterwards restarts the search if the table was reallocated or this
  // slot no longer holds that same key object.
  const uint64_t table_before = table_identity_;
  const uint64_t key_before = entries_[slot].identity;
  Key stored = entries_[slot].key;
  bool equal = eq_(stored, probe);
  bool changed = table_identity_ != table_before || entries_[slot].identity != key_before;
  return {equal, changed};
}

// set_lookkey: the slot holding an equal key, or kNotFound.
template <class Key, class Hash, class Eq>
size_t SetTable<Key, Hash, Eq>::lookup(const Key& key, int64_t hash) {
  using namespace set_table_detail;
restart:
  size_t mask = mask_;
  auto perturb = static_cast<uint64_t>(hash);
  size_t i = perturb & mask;
  while (true) {
    size_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
    for (size_t slot = i;; ++slot) {
      const Entry& entry = entries_[slot];
      if (entry.state == SlotState::kEmpty) return kNotFound;
      if (entry.active() && entry.hash == hash) {
        Comparison result = compare_stored(slot, key);
        // Unlike add_entry, lookup checks for a changed table *before*
        // trusting a match.
        if (result.table_changed) goto restart;
        if (result.equal) return slot;
        mask = mask_;
      }
      if (probes-- == 0) break;
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

template <class Key, class Hash, class Eq>
void SetTable<Key, Hash, Eq>::store(size_t slot, Key&& key, int64_t hash, uint64_t identity) {
  Entry& entry = entries_[slot];
  entry.key = std::move(key);
  entry.hash = hash;
  entry.identity = identity;
  entry.state = SlotState::kActive;
}

// set_add_entry.
template <class Key, class Hash, class Eq>
void SetTable<Key, Hash, Eq>::add_entry(const Key& key, int64_t hash) {
  using namespace set_table_detail;
  // Our own reference: the comparison could free the caller's.
  Key owned = key;
restart:
  size_t mask = mask_;
  auto perturb = static_cast<uint64_t>(hash);
  size_t i = perturb & mask;
  size_t free_slot = kNotFound;
  size_t slot = 0;
  while (true) {
    size_t probes = (i + kLinearProbes <= mask) ? kLinearProbes : 0;
    for (slot = i;; ++slot) {
      const Entry& entry = entries_[slot];
      if (entry.state == SlotState::kEmpty) goto found_empty;
      if (entry.active() && entry.hash == hash) {
        Comparison result = compare_stored(slot, owned);
        if (result.equal) return;  // already present (trusted even if the table changed)
        if (result.table_changed) goto restart;
        mask = mask_;
      } else if (entry.state == SlotState::kDummy) {
        free_slot = slot;  // the *last* dummy on the path is reused
      }
      if (probes-- == 0) break;
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask;
  }
found_empty:
  cached_hash_ = -1;
  if (free_slot != kNotFound) {
    // CPython would overwrite the remembered slot even if a comparison had
    // since filled it; we search again instead of losing that key.
    if (entries_[free_slot].state != SlotState::kDummy) goto restart;
    store(free_slot, std::move(owned), hash, next_key_identity());
    ++used_;
    return;  // reusing a dummy never triggers a resize
  }
  store(slot, std::move(owned), hash, next_key_identity());
  ++fill_;
  ++used_;
  if (fill_ * 5 < mask * 3) return;
  table_resize(growth_target(used_));
}

// set_insert_clean: place a key known to be absent into a table without
// dummies (used when rebuilding and when copying into an empty table).
template <class Key, class Hash, class Eq>
void SetTable<Key, Hash, Eq>::insert_clean(Entry&& entry) {
  using namespace set_table_detail;
  auto perturb = static_cast<uint64_t>(entry.hash);
  size_t i = perturb & mask_;
  while (true) {
    size_t probes = (i + kLinearProbes <= mask_) ? kLinearProbes : 0;
    for (size_t slot = i; slot <= i + probes; ++slot) {
      if (entries_[slot].state == SlotState::kEmpty) {
        store(slot, std::move(entry.key), entry.hash, entry.identity);
        return;
      }
    }
    perturb >>= kPerturbShift;
    i = (i * 5 + 1 + perturb) & mask_;
  }
}

// set_table_resize: the smallest power of two above min_used (at least 8);
// active keys are re-inserted in the old table's slot order.
template <class Key, class Hash, class Eq>
void SetTable<Key, Hash, Eq>::table_resize(size_t min_used) {
  using namespace set_table_detail;
  size_t new_size = kMinSize;
  while (new_size <= min_used) new_size <<= 1;
  // Staying in the embedded table with no dummies to purge: nothing to do.
  if (new_size == kMinSize && is_small(mask_) && fill_ == used_) return;
  std::vector<Entry> old(new_size);
  old.swap(entries_);
  mask_ = new_size - 1;
  table_identity_ = is_small(mask_) ? 0 : next_table_identity();
  fill_ = used_;
  for (Entry& entry : old) {
    if (entry.active()) insert_clean(std::move(entry));
  }
}

// set_discard_entry: the slot becomes a dummy.
template <class Key, class Hash, class Eq>
bool SetTable<Key, Hash, Eq>::discard_entry(const Key& key, int64_t hash) {
  size_t slot = lookup(key, hash);
  if (slot == set_table_detail::kNotFound) return false;
  Entry& entry = entries_[slot];
  // Released only when this function returns, once the table is consistent
  // (a destructor could run Python code, as CPython's Py_DECREF can).
  Key removed = std::move(entry.key);
  entry.key = Key{};
  entry.hash = -1;
  entry.identity = 0;
  entry.state = SlotState::kDummy;
  --used_;
  cached_hash_ = -1;
  return true;
}

// set_pop: scan from the finger (wrapping) for an active slot.
template <class Key, class Hash, class Eq>
std::optional<Key> SetTable<Key, Hash, Eq>::pop() {
  if (used_ == 0) return std::nullopt;
  size_t slot = finger_ & mask_;
  while (!entries_[slot].active()) slot = slot == mask_ ? 0 : slot + 1;
  Entry& entry = entries_[slot];
  std::optional<Key> key(std::move(entry.key));
  entry.key = Key{};
  entry.hash = -1;
  entry.identity = 0;
  entry.state = SlotState::kDummy;
  --used_;
  finger_ = slot + 1;
  cached_hash_ = -1;
  return key;
}

// set_clear_internal: empty first, release the keys afterwards.
template <class Key, class Hash, class Eq>
void SetTable<Key, Hash, Eq>::clear() {
  if (is_small(mask_) && fill_ == 0) return;  // already a clean small table
  std::vector<Entry> old(set_table_detail::kMinSize);
  old.swap(entries_);
  mask_ = set_table_detail::kMinSize - 1;
  fill_ = 0;
  used_ = 0;
  table_identity_ = 0;
  cached_hash_ = -1;
}

// set_merge.
template <class Key, class Hash, class Eq>
void SetTable<Key, Hash, Eq>::update_from_set(SetTable& other) {
  if (&other == this || other.used_ == 0) return;
  // One resize up front, expecting few duplicates.
  if ((fill_ + other.used_) * 5 >= mask_ * 3) table_resize((used_ + other.used_) * 2);
  cached_hash_ = -1;
  if (fill_ == 0 && mask_ == other.mask_ && other.fill_ == other.used_) {
    // Same size, no dummies: the layout is copied slot for slot.
    for (size_t slot = 0; slot <= mask_; ++slot) {
      const Entry& source = other.entries_[slot];
      if (source.active()) store(slot, Key(source.key), source.hash, source.identity);
    }
    fill_ = used_ = other.used_;
    return;
  }
  if (fill_ == 0) {
    // Empty target: no comparisons needed, keys go in in other's slot order.
    for (const Entry& source : other.entries_) {
      if (source.active()) insert_clean(Entry{source.key, source.hash, source.identity});
    }
    fill_ = used_ = other.used_;
    return;
  }
  // General case.  other.mask_ is re-read each time: a comparison may
  // change `other` too.
  for (size_t slot = 0; slot <= other.mask_; ++slot) {
    if (!other.entries_[slot].active()) continue;
    Key key = other.entries_[slot].key;
    add_entry(key, other.entries_[slot].hash);
  }
}

template <class Key, class Hash, class Eq>
template <class Pairs>
void SetTable<Key, Hash, Eq>::update_from_dict(const Pairs& keys_with_hashes) {
  size_t dict_size = std::size(keys_with_hashes);
  if ((fill_ + dict_size) * 5 >= mask_ * 3) table_resize((used_ + dict_size) * 2);
  for (const auto& [key, hash] : keys_with_hashes) add_entry(key, hash);
}

template <class Key, class Hash, class Eq>
auto SetTable<Key, Hash, Eq>::next_entry(size_t& pos) const -> const Entry* {
  size_t slot = pos;
  while (slot <= mask_ && !entries_[slot].active()) ++slot;
  pos = slot + 1;
  return slot <= mask_ ? &entries_[slot] : nullptr;
}

template <class Key, class Hash, class Eq>
int64_t SetTable<Key, Hash, Eq>::frozenset_hash() {
  if (cached_hash_ != -1) return cached_hash_;
  uint64_t terms = 0;
  for (const Entry& entry : entries_) {
    if (entry.active()) terms ^= frozenset_hash_term(entry.hash);
  }
  cached_hash_ = frozenset_hash_finish(terms, used_);
  return cached_hash_;
}

template <class Key, class Hash, class Eq>
void SetTable<Key, Hash, Eq>::swap_bodies(SetTable& other) {
  std::swap(entries_, other.entries_);
  std::swap(mask_, other.mask_);
  std::swap(fill_, other.fill_);
  std::swap(used_, other.used_);
  std::swap(table_identity_, other.table_identity_);
  // CPython keeps the cached hashes only when both are frozensets, which
  // are never updated in place; sets have none.
  cached_hash_ = -1;
  other.cached_hash_ = -1;
}

template <class Key, class Hash, class Eq>
void SetTable<Key, Hash, Eq>::shrink_after_removals() {
  if (fill_ - used_ <= mask_ / 4) return;
  table_resize(growth_target(used_));
}

}  // namespace backstep::pyhash
