#include "engine/runtime/dict_object.h"

#include "engine/runtime/deep_release.h"
#include "engine/runtime/hashing.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/gc_finalizers.h"
#include "engine/runtime/module_mirror.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <atomic>

namespace backstep::rt {

namespace {

// Key equality as dict lookups do it: identity first (so a NaN key is found
// again), then a cheap path for strings and numbers, then Python's ==.
bool keys_equal(const Value& a, const Value& b) {
  if (is_same(a, b)) return true;
  if (const auto* sa = a.as<StrObject>()) {
    const auto* sb = b.as<StrObject>();
    if (sb) return sa->value == sb->value;
  }
  if (a.is_number() && b.is_number()) {
    if (a.is_float() || b.is_float()) return a.to_float() == b.to_float();
    return a.to_int() == b.to_int();
  }
  return equals(Interpreter::current(), a, b);
}

bool key_is_str(const Value& k, std::string_view s) {
  const auto* so = k.as<StrObject>();
  return so && so->value == s;
}

constexpr int32_t kEmpty = -1;
constexpr int32_t kDeleted = -2;

}  // namespace

namespace {
uint64_t next_dict_serial() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}
}  // namespace

DictObject::DictObject() : Object(ObjKind::Dict, types().dict), serial_(next_dict_serial()) {}
DictObject::DictObject(const TypeObject* cls) : Object(ObjKind::Dict, cls), serial_(next_dict_serial()) {}

// Instances keep their attributes here, so this also bounds the stack used
// to free a long linked list of objects (Note [Freeing deep structures]).
DictObject::~DictObject() {
  ReleaseScope scope;
  if (scope.too_deep()) {
    std::vector<Value> values;
    values.reserve(entries_.size() * 2);
    for (auto& e : entries_) {
      values.push_back(std::move(e.key));
      values.push_back(std::move(e.value));
    }
    ReleaseScope::defer(std::move(values));
  }
  entries_.clear();
}

const TypeObject& DictObject::native_type() const { return *types().dict; }

// --- probing ---------------------------------------------------------------

// CPython's open addressing: i = (5*i + 1 + perturb) with perturb shifted
// down by 5 each step, so every slot is eventually visited.
size_t DictObject::slot_for(int64_t hash, size_t entry) const {
  size_t mask = indices_.size() - 1;
  uint64_t perturb = static_cast<uint64_t>(hash);
  size_t i = static_cast<size_t>(hash) & mask;
  while (indices_[i] != kEmpty && indices_[i] != static_cast<int32_t>(entry)) {
    perturb >>= 5;
    i = (i * 5 + 1 + perturb) & mask;
  }
  return i;
}

namespace {
// The entry whose hash matches and for which `same_key` holds, or -1: a
// linear scan while the table is small, else CPython's open-addressing
// probe. One probe for both lookups (by Value, by string) so they cannot drift.
template <class Entries, class Indices, class SameKey>
int64_t probe(const Entries& entries, const Indices& indices, int64_t hash, SameKey same_key) {
  if (indices.empty()) {
    for (size_t i = 0; i < entries.size(); ++i) {
      const auto& e = entries[i];
      if (e.live && e.hash == hash && same_key(e.key)) return static_cast<int64_t>(i);
    }
    return -1;
  }
  size_t mask = indices.size() - 1;
  uint64_t perturb = static_cast<uint64_t>(hash);
  size_t i = static_cast<size_t>(hash) & mask;
  while (true) {
    int32_t ix = indices[i];
    if (ix == kEmpty) return -1;
    if (ix >= 0) {
      const auto& e = entries[static_cast<size_t>(ix)];
      if (e.hash == hash && same_key(e.key)) return ix;
    }
    perturb >>= 5;
    i = (i * 5 + 1 + perturb) & mask;
  }
}
}  // namespace

int64_t DictObject::find_index(int64_t hash, const Value& key) const {
  return probe(entries_, indices_, hash, [&](const Value& k) { return keys_equal(k, key); });
}

int64_t DictObject::find_index_str(int64_t hash, std::string_view key) const {
  return probe(entries_, indices_, hash, [&](const Value& k) { return key_is_str(k, key); });
}

// Note [String lookups in small dicts]
// Most dicts looked up by a string are small (an instance __dict__, a
// keyword dict): scanning their entries comparing strings finds the key
// without hashing it, and a SipHash of the name cost more than the whole
// scan. An exact str key's stored hash is hash_str of its text, so equal
// text is exactly what the hashed probe would match; a key of a str
// subclass may hash differently (its own __hash__), so it is still matched
// by hash and text, the hash computed only when such a key is met.
namespace {
template <class Entries>
int64_t scan_small_str(const Entries& entries, std::string_view key) {
  const TypeObject* exact_str = types().str;
  int64_t hash = -1;
  for (size_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries[i];
    if (!e.live) continue;
    const StrObject* so = e.key.template as<StrObject>();
    if (!so || so->value.size() != key.size() || so->value != key) continue;
    if (&so->type() == exact_str) return static_cast<int64_t>(i);
    if (hash == -1) hash = hash_str(key);
    if (e.hash == hash) return static_cast<int64_t>(i);
  }
  return -1;
}
}  // namespace

// --- changes ---------------------------------------------------------------

namespace class_namespace_detail {
std::atomic<uint64_t> epoch{1};
}

void DictObject::mark_class_namespace() { gc_flags |= gc_detail::kClassNamespace; }

void DictObject::keys_changed() {
  ++mutations_;
  if (gc_flags & gc_detail::kClassNamespace) [[unlikely]]
    class_namespace_detail::epoch.fetch_add(1, std::memory_order_relaxed);
}

void DictObject::rebuild(size_t min_entries) {
  // Compact the entries (dropping holes), then re-index them when the dict
  // is past the small size. The table is kept at most 2/3 full.
  std::vector<Entry> live;
  live.reserve(std::max(min_entries, used_));
  for (auto& e : entries_)
    if (e.live) live.push_back(std::move(e));
  entries_ = std::move(live);
  indices_.clear();
  if (std::max(min_entries, used_) <= kSmall) return;
  size_t size = 16;
  while (size * 2 < std::max(min_entries, used_) * 3) size *= 2;
  indices_.assign(size, kEmpty);
  for (size_t i = 0; i < entries_.size(); ++i) indices_[slot_for(entries_[i].hash, i)] = static_cast<int32_t>(i);
}

void DictObject::insert_new(int64_t hash, Value key, Value value) {
  size_t cap = indices_.empty() ? kSmall : indices_.size() * 2 / 3;
  if (entries_.size() >= cap) rebuild((used_ + 1) * 2);
  size_t index = entries_.size();
  entries_.push_back(Entry{hash, std::move(key), std::move(value), true});
  if (!indices_.empty()) indices_[slot_for(hash, index)] = static_cast<int32_t>(index);
  ++used_;
  keys_changed();
}

void DictObject::remove_at(size_t entry) {
  Entry& e = entries_[entry];
  if (!indices_.empty()) {
    size_t slot = slot_for(e.hash, entry);
    indices_[slot] = kDeleted;
  }
  e.live = false;
  e.key = Value();
  e.value = Value();
  --used_;
  keys_changed();
  if (used_ == 0) {
    entries_.clear();
    indices_.clear();
  }
}

// --- public operations -------------------------------------------------------

const Value* DictObject::find(const Value& key) const {
  int64_t h = hash_value(Interpreter::current(), key);
  int64_t i = find_index(h, key);
  return i < 0 ? nullptr : &entries_[static_cast<size_t>(i)].value;
}

const Value* DictObject::find_str(std::string_view key) const {
  int64_t i = indices_.empty() ? scan_small_str(entries_, key) : find_index_str(hash_str(key), key);
  return i < 0 ? nullptr : &entries_[static_cast<size_t>(i)].value;
}

void DictObject::set(const Value& key, Value value) {
  int64_t h = hash_value(Interpreter::current(), key);
  int64_t i = find_index(h, key);
  if (gc_flags & gc_detail::kModuleMirror) [[unlikely]] {  // Note [globals() is live]
    if (const auto* name = key.as<StrObject>()) mirror_dict_set(*this, name->value, value);
  }
  if (i >= 0) {
    entries_[static_cast<size_t>(i)].value = std::move(value);
    return;
  }
  insert_new(h, key, std::move(value));
}

// Note [Shared attribute-name keys]
// Storing a new attribute name (every attribute of every new instance, a
// __slots__ value, a class namespace entry) needs a str object for the key.
// Names repeat, so a small direct-mapped table keeps the last str made for
// each: the next instance's __dict__ shares it (and its cached hash), as
// CPython shares interned identifier strings between dicts. Strings are
// immutable, so sharing one changes nothing a program can see except that
// equal names may be the same object, which CPython's interning also gives.
// The table belongs to the first thread that stores a name (the
// interpreter thread); other threads make their own str objects.
namespace {
constexpr size_t kKeyTableSize = 512;  // a power of two
constexpr size_t kMaxSharedKey = 40;
std::atomic<bool> g_key_table_claimed{false};
thread_local constinit int t_key_table_role = 0;  // 0 unknown, 1 owner, 2 not

Ref* key_table() {
  if (t_key_table_role == 0) [[unlikely]] {
    bool expected = false;
    t_key_table_role = g_key_table_claimed.compare_exchange_strong(expected, true) ? 1 : 2;
  }
  if (t_key_table_role != 1) return nullptr;
  static Ref* table = new Ref[kKeyTableSize];  // lives as long as the process (strs may outlive statics)
  return table;
}

Value attribute_key(std::string_view key) {
  Ref* table = key.size() <= kMaxSharedKey ? key_table() : nullptr;
  if (!table) return make_str(std::string(key));
  uint64_t h = key.size();
  for (char c : key) h = h * 131 + static_cast<unsigned char>(c);
  Ref& slot = table[(h ^ (h >> 17)) & (kKeyTableSize - 1)];
  if (slot && static_cast<const StrObject*>(slot.get())->value == key) return Value(slot);
  Value made = make_str(std::string(key));
  slot = made.as_object();
  return made;
}
}  // namespace

void DictObject::set_str(std::string_view key, Value value) { store_str(key, std::move(value)); }

size_t DictObject::store_str(std::string_view key, Value value) {
  if (gc_flags & gc_detail::kModuleMirror) [[unlikely]]
    mirror_dict_set(*this, key, value);
  int64_t i = indices_.empty() ? scan_small_str(entries_, key) : find_index_str(hash_str(key), key);
  if (i >= 0) {
    entries_[static_cast<size_t>(i)].value = std::move(value);
    return static_cast<size_t>(i);
  }
  Value k = attribute_key(key);
  int64_t h = k.as<StrObject>()->hash();
  insert_new(h, std::move(k), std::move(value));
  return entries_.size() - 1;  // insert_new appends
}

// Note [Entry hints]: an attribute site (attr_cache.cpp) keeps the entry
// index where its name was found in the last instance __dict__ it read.
// Instances of a class gain their attributes in the same order, so the
// index is usually right for the next instance too. A hint is checked
// (a live entry whose key is an exact str equal to the name), never
// trusted, and refreshed on a miss; only an exact str key is taken, since
// a str subclass's __eq__ and __hash__ are the full lookup's business.
// The hint also holds the key object it found: instances share their
// attribute-name strs (Note [Shared attribute-name keys]), so the entry
// usually holds that very object, and the same address is the check --
// no string compare. Holding it keeps the address from naming another
// object; a site always looks up one name, so the object's text is it.
bool DictObject::hint_matches(const EntryHint& hint, std::string_view key) const {
  if (hint.index >= entries_.size()) return false;
  const Entry& e = entries_[hint.index];
  if (!e.live) return false;
  const StrObject* so = e.key.as<StrObject>();
  return so && &so->type() == types().str && so->value == key;
}

void DictObject::refresh_hint(EntryHint& hint, size_t entry) const {
  hint.index = static_cast<uint32_t>(entry);
  const Value& k = entries_[entry].key;
  const StrObject* so = k.as<StrObject>();
  if (so && &so->type() == types().str) {
    if (hint.key.get() != so) hint.key = k.as_object();
  } else {
    hint.key.reset();
  }
}

const Value* DictObject::find_str_hinted_slow(std::string_view key, EntryHint& hint) const {
  if (hint_matches(hint, key)) {
    refresh_hint(hint, hint.index);  // the key object, for the next time
    return &entries_[hint.index].value;
  }
  int64_t i = indices_.empty() ? scan_small_str(entries_, key) : find_index_str(hash_str(key), key);
  if (i < 0) return nullptr;
  refresh_hint(hint, static_cast<size_t>(i));
  return &entries_[static_cast<size_t>(i)].value;
}

void DictObject::set_str_hinted_slow(std::string_view key, Value value, EntryHint& hint) {
  if (!(gc_flags & gc_detail::kModuleMirror)) {
    bool hit = hinted_entry(hint);
    if (!hit && hint_matches(hint, key)) {
      refresh_hint(hint, hint.index);  // the key object, for the next time
      hit = true;
    }
    if (hit) {
      entries_[hint.index].value = std::move(value);
      return;
    }
  }
  refresh_hint(hint, store_str(key, std::move(value)));
}

bool DictObject::erase(const Value& key) {
  int64_t i = find_index(hash_value(Interpreter::current(), key), key);
  if (i < 0) return false;
  if (gc_flags & gc_detail::kModuleMirror) [[unlikely]] {
    if (const auto* name = key.as<StrObject>()) mirror_dict_erase(*this, name->value);
  }
  remove_at(static_cast<size_t>(i));
  return true;
}

bool DictObject::erase_str(std::string_view key) {
  int64_t i = indices_.empty() ? scan_small_str(entries_, key) : find_index_str(hash_str(key), key);
  if (i < 0) return false;
  if (gc_flags & gc_detail::kModuleMirror) [[unlikely]]
    mirror_dict_erase(*this, key);
  remove_at(static_cast<size_t>(i));
  return true;
}

void DictObject::clear() {
  // Values are released after the dict is consistent: their destructors
  // may run script code that looks at it.
  if (gc_flags & gc_detail::kModuleMirror) [[unlikely]]
    mirror_dict_clear(*this);
  std::vector<Entry> old;
  old.swap(entries_);
  indices_.clear();
  used_ = 0;
  keys_changed();
}

std::vector<Value> DictObject::keys() const {
  std::vector<Value> out;
  out.reserve(used_);
  for_each([&](const Value& k, const Value&) { out.push_back(k); });
  return out;
}

std::vector<Value> DictObject::values() const {
  std::vector<Value> out;
  out.reserve(used_);
  for_each([&](const Value&, const Value& v) { out.push_back(v); });
  return out;
}

}  // namespace backstep::rt
