// dict: an insertion-ordered hash table with Python's key semantics.
//
// Laid out as CPython's compact dict: entries in insertion order (a deleted
// one stays as a hole until the next resize), and an index table of
// positions into them, probed with CPython's perturbation. Dicts of up to
// eight entries have no index table at all and are scanned (most instance
// __dict__s and keyword dicts are that small). Keys are hashed and compared
// with Python's rules (hash(), ==), which may run script code (__hash__,
// __eq__); string keys have a path that needs no str object
// (find_str/set_str), for attribute lookups and class namespaces.
#pragma once

#include "engine/runtime/gc_finalizers.h"
#include "engine/runtime/object.h"

#include <atomic>
#include <cstdint>
#include <vector>

namespace backstep::rt {

class DictObject : public Object, public KindTag<ObjKind::Dict> {
 public:
  DictObject();
  explicit DictObject(const TypeObject* cls);  // an instance of a subclass of dict
  ~DictObject() override;  // Note [Freeing deep structures]
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;
  const TypeObject& native_type() const override;
  std::string repr(Interpreter& in) const override;

  const Value* find(const Value& key) const;
  const Value* find_str(std::string_view key) const;
  void set(const Value& key, Value value);
  void set_str(std::string_view key, Value value);
  // find_str / set_str through an entry hint the caller keeps between
  // calls, always for the same `key` (Note [Entry hints] in dict_object.cpp).
  struct EntryHint {
    uint32_t index = 0;
    Ref key;  // the exact-str key object last found at `index`, held so its address names it
  };
  const Value* find_str_hinted(std::string_view key, EntryHint& hint) const {
    if (const Entry* e = hinted_entry(hint)) [[likely]] return &e->value;
    return find_str_hinted_slow(key, hint);
  }
  void set_str_hinted(std::string_view key, Value value, EntryHint& hint) {
    if (!(gc_flags & gc_detail::kModuleMirror))
      if (const Entry* e = hinted_entry(hint)) [[likely]] {
        const_cast<Entry*>(e)->value = std::move(value);
        return;
      }
    set_str_hinted_slow(key, std::move(value), hint);
  }
  bool erase(const Value& key);
  bool erase_str(std::string_view key);
  void clear();
  size_t size() const { return used_; }

  // Live entries in insertion order. The callback must not change the dict.
  template <class F>
  void for_each(F&& f) const {
    for (const auto& e : entries_)
      if (e.live) f(e.key, e.value);
  }
  std::vector<Value> keys() const;
  std::vector<Value> values() const;

  // Positional access for iterators, which survive resizes by holding an
  // entry index and checking mutations() ("dictionary changed size during
  // iteration"). entry(i) is null for a hole.
  size_t entry_count() const { return entries_.size(); }
  struct Entry {
    int64_t hash;
    Value key;
    Value value;
    bool live;
  };
  const Entry* entry(size_t i) const { return entries_[i].live ? &entries_[i] : nullptr; }
  Entry* mutable_entry(size_t i) { return entries_[i].live ? &entries_[i] : nullptr; }
  // Changes whenever a key is added or removed (not when a value is replaced).
  uint64_t mutations() const { return mutations_; }
  // This dict is a class's namespace: its key changes move the epoch below.
  void mark_class_namespace();
  // Unique to this dict for the whole process (never reused, unlike its
  // address): with mutations(), names one key set a cache can remember.
  uint64_t serial() const { return serial_; }

 private:
  static constexpr size_t kSmall = 8;  // no index table up to this many entries
  int64_t find_index(int64_t hash, const Value& key) const;
  int64_t find_index_str(int64_t hash, std::string_view key) const;
  void insert_new(int64_t hash, Value key, Value value);
  size_t store_str(std::string_view key, Value value);  // set_str; the entry's index
  bool hint_matches(const EntryHint& hint, std::string_view key) const;
  // The entry the hint names when it still holds the hint's key object.
  const Entry* hinted_entry(const EntryHint& hint) const {
    if (hint.index >= entries_.size()) return nullptr;
    const Entry& e = entries_[hint.index];
    return e.live && hint.key && e.key.object_ptr() == hint.key.get() ? &e : nullptr;
  }
  const Value* find_str_hinted_slow(std::string_view key, EntryHint& hint) const;
  void set_str_hinted_slow(std::string_view key, Value value, EntryHint& hint);
  void refresh_hint(EntryHint& hint, size_t entry) const;
  void rebuild(size_t min_entries);
  void remove_at(size_t entry);
  size_t slot_for(int64_t hash, size_t entry) const;
  void keys_changed();  // ++mutations_, and the epoch for a class namespace

  std::vector<Entry> entries_;
  std::vector<int32_t> indices_;  // -1 empty, -2 deleted, else an entry index
  size_t used_ = 0;
  uint64_t mutations_ = 0;
  uint64_t serial_;
};

// Note [The class namespace epoch]
// Attribute caches (the type attribute cache, call sites) remember where on
// a class's MRO a name was found: a pointer into one namespace's entries.
// That pointer stays right until some namespace on the MRO gains or loses a
// key (or is compacted), and MRO changes bump the class's version. Summing
// the MRO's mutation counters on every hit was a walk of the MRO per
// attribute access; instead every key change of any class namespace moves
// one process-wide epoch, and a cache entry holds (version, epoch): two
// compares. Class namespaces change keys while classes are being made and
// hardly ever in a training loop, so a change that invalidates every entry
// at once costs a refill, not a steady price.
namespace class_namespace_detail {
extern std::atomic<uint64_t> epoch;
}
inline uint64_t class_namespace_epoch() {
  return class_namespace_detail::epoch.load(std::memory_order_relaxed);
}

}  // namespace backstep::rt
