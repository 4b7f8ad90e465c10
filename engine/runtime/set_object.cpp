// SetObject's storage (CPython's set table, set_store.h) and the ways a set
// is filled from another value: set_update_internal and make_new_set_basetype.
#include "engine/runtime/set_store.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"

#include <utility>

namespace backstep::rt {

int64_t SetKeyHash::operator()(const Value& v) const { return hash_value(Interpreter::current(), v); }

bool SetKeyEq::operator()(const Value& stored, const Value& probe) const {
  if (is_same(stored, probe)) return true;
  return equals(Interpreter::current(), stored, probe);
}

SetObject::SetObject(bool frozen) : Object(ObjKind::Set), frozen(frozen), store_(std::make_unique<SetStore>()) {}
SetObject::SetObject(const TypeObject* cls, bool frozen)
    : Object(ObjKind::Set, cls), frozen(frozen), store_(std::make_unique<SetStore>()) {}
SetObject::~SetObject() = default;

bool SetObject::contains(const Value& v) const { return store_->table.contains(v); }
void SetObject::add(const Value& v) { store_->table.add(v); }
bool SetObject::remove(const Value& v) { return store_->table.discard(v); }
void SetObject::clear() { store_->table.clear(); }
size_t SetObject::size() const { return store_->table.size(); }

std::vector<Value> SetObject::items() const {
  std::vector<Value> out;
  out.reserve(store_->table.size());
  size_t pos = 0;
  while (const auto* entry = store_->table.next_entry(pos)) out.push_back(entry->key);
  return out;
}

bool is_exact_dict(const Value& v) {
  auto* d = v.as<DictObject>();
  return d && &d->type() == types().dict;
}

namespace {

// An exact dict's keys with the hashes it stored, in dict order.
std::vector<std::pair<Value, int64_t>> dict_keys_with_hashes(const DictObject& d) {
  std::vector<std::pair<Value, int64_t>> out;
  out.reserve(d.size());
  for (size_t i = 0; i < d.entry_count(); ++i)
    if (const auto* e = d.entry(i)) out.emplace_back(e->key, e->hash);
  return out;
}

}  // namespace

void set_update_from(Interpreter& in, SetObject& so, const Value& other) {
  SetValues& table = table_of(so);
  if (auto* s = other.as<SetObject>()) {
    std::shared_ptr<Object> keep = s->shared_from_this();  // a key's __eq__ may drop it
    table.update_from_set(table_of(*s));
    return;
  }
  if (is_exact_dict(other)) {
    table.update_from_dict(dict_keys_with_hashes(*other.as<DictObject>()));
    return;
  }
  for_each(in, other, [&](const Value& v) {
    table.add(v);
    return true;
  });
}

std::shared_ptr<SetObject> new_set_basetype(Interpreter& in, const SetObject& like, const Value* iterable) {
  bool frozen = !like.type().is_subtype_of(*types().set);
  auto out = std::make_shared<SetObject>(frozen ? types().frozenset : types().set, frozen);
  if (iterable) set_update_from(in, *out, *iterable);
  return out;
}

std::shared_ptr<SetObject> wrap_table(bool frozen, SetValues&& table) {
  auto out = std::make_shared<SetObject>(frozen ? types().frozenset : types().set, frozen);
  table_of(*out) = std::move(table);
  return out;
}

}  // namespace backstep::rt
