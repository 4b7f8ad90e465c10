// The protocol slots of the builtin containers: list, tuple, dict, set,
// frozenset, range, slice, dict views and iterators (len, indexing,
// iteration, membership, comparison, hashing and their operators).
#include "engine/runtime/big_int.h"
#include "engine/runtime/builtin_slots.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/function.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/gc_captures.h"
#include "engine/runtime/hashing.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/iterator_types.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/repetition.h"
#include "engine/runtime/set_store.h"

#include <fmt/format.h>

namespace backstep::rt {

namespace {

const std::vector<Value>& seq_items(const Value& v) {
  if (auto* l = v.as<ListObject>()) return l->items;
  return v.as<TupleObject>()->items;
}

template <class Make>
Value slice_items(const std::vector<Value>& items, const SliceObject& s, Make make) {
  auto b = s.indices(static_cast<int64_t>(items.size()));
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(b.count));
  for (int64_t i = 0, j = b.start; i < b.count; ++i, j += b.step) out.push_back(items[static_cast<size_t>(j)]);
  return make(std::move(out));
}

// The size of a dict or set a box holds, for length hints.
int64_t length_of(const Value& v) {
  if (auto* d = v.as<DictObject>()) return static_cast<int64_t>(d->size());
  return static_cast<int64_t>(static_cast<SetObject*>(v.object_ptr())->size());
}

// An iterator over a sequence by index: sees appends made while iterating.
// The sequence is captured in a box the collector sees (Note [captures of
// C++ closures] in gc_captures.cpp).
Value index_iterator(const Value& seq, const char* name) {
  auto pos = std::make_shared<size_t>(0);
  auto box = make_gc_captures({seq});
  auto it = std::make_shared<IteratorObject>(name, [box, pos](Interpreter&) -> std::optional<Value> {
    if (box->released()) return std::nullopt;
    const auto& items = seq_items(box->values[0]);
    if (*pos >= items.size()) return std::nullopt;
    return items[(*pos)++];
  });
  it->set_length_hint([box, pos] {
    return box->released() ? 0 : static_cast<int64_t>(seq_items(box->values[0]).size()) - static_cast<int64_t>(*pos);
  });
  gc_register_captures(*it, std::move(box));
  return named_iterator(std::move(it));
}

// Lexicographic comparison of two sequences, as list and tuple compare.
Value compare_sequences(Interpreter& in, const std::vector<Value>& x, const std::vector<Value>& y, CmpOp op) {
  NativeRecursion guard(in, " in comparison");
  size_t i = 0;
  for (; i < x.size() && i < y.size(); ++i)
    if (!equals(in, x[i], y[i])) break;
  if (i >= x.size() || i >= y.size()) {
    size_t a = x.size(), b = y.size();
    switch (op) {
      case CmpOp::Eq: return a == b;
      case CmpOp::Ne: return a != b;
      case CmpOp::Lt: return a < b;
      case CmpOp::Le: return a <= b;
      case CmpOp::Gt: return a > b;
      default: return a >= b;
    }
  }
  if (op == CmpOp::Eq) return false;
  if (op == CmpOp::Ne) return true;
  return compare(in, op, x[i], y[i]);
}

// --- list -----------------------------------------------------------------------

int64_t list_len(Interpreter&, const Value& v) { return static_cast<int64_t>(v.as<ListObject>()->items.size()); }

Value list_getitem(Interpreter& in, const Value& v, const Value& key) {
  auto* l = v.as<ListObject>();
  if (auto* s = key.as<SliceObject>()) return slice_items(l->items, *s, make_list);
  int64_t i = normalize_index(to_index(in, key, "list indices"), static_cast<int64_t>(l->items.size()), "list");
  return l->items[static_cast<size_t>(i)];
}

void list_set_slice(Interpreter& in, ListObject& l, const SliceObject& s, const Value* v) {
  auto b = s.indices(static_cast<int64_t>(l.items.size()));
  if (!v) {
    std::vector<bool> drop(l.items.size(), false);
    for (int64_t i = 0, j = b.start; i < b.count; ++i, j += b.step) drop[static_cast<size_t>(j)] = true;
    std::vector<Value> kept;
    for (size_t i = 0; i < l.items.size(); ++i)
      if (!drop[i]) kept.push_back(l.items[i]);
    l.items = std::move(kept);
    return;
  }
  std::vector<Value> repl = to_vector(in, *v);
  if (b.step == 1) {
    auto first = l.items.begin() + b.start;
    l.items.erase(first, first + b.count);
    l.items.insert(l.items.begin() + b.start, repl.begin(), repl.end());
    return;
  }
  if (static_cast<int64_t>(repl.size()) != b.count)
    raise_value_error(
        fmt::format("attempt to assign sequence of size {} to extended slice of size {}", repl.size(), b.count));
  for (int64_t i = 0, j = b.start; i < b.count; ++i, j += b.step) l.items[static_cast<size_t>(j)] = repl[static_cast<size_t>(i)];
}

void list_setitem(Interpreter& in, const Value& v, const Value& key, const Value* value) {
  auto* l = v.as<ListObject>();
  if (auto* s = key.as<SliceObject>()) return list_set_slice(in, *l, *s, value);
  int64_t i = normalize_index(to_index(in, key, "list indices"), static_cast<int64_t>(l->items.size()),
                              "list assignment");
  if (value) l->items[static_cast<size_t>(i)] = *value;
  else l->items.erase(l->items.begin() + i);
}

Value list_iter(Interpreter&, const Value& v) { return index_iterator(v, "list_iterator"); }

bool seq_contains(Interpreter& in, const Value& v, const Value& item) {
  for (const Value& x : seq_items(v))
    if (equals(in, x, item)) return true;
  return false;
}

Value list_compare(Interpreter& in, const Value& a, const Value& b, CmpOp op) {
  if (!b.as<ListObject>()) return not_implemented();
  return compare_sequences(in, seq_items(a), seq_items(b), op);
}

Value repeat(const std::vector<Value>& items, int64_t n, bool as_tuple) {
  std::vector<Value> out;
  if (size_t total = repeated_size(items.size(), n, out.max_size())) out.reserve(total);
  for (int64_t i = 0; i < n && !items.empty(); ++i) out.insert(out.end(), items.begin(), items.end());
  return as_tuple ? make_tuple(std::move(out)) : make_list(std::move(out));
}

// Concatenation and repetition for list (Tuple=false) and tuple; `+` needs
// both operands of the same kind, `*` an int on either side.
template <bool Tuple>
Value seq_add(Interpreter&, const Value& a, const Value& b) {
  bool ok = Tuple ? (a.as<TupleObject>() && b.as<TupleObject>()) : (a.as<ListObject>() && b.as<ListObject>());
  if (!ok) return not_implemented();
  std::vector<Value> out = seq_items(a);
  const auto& more = seq_items(b);
  out.insert(out.end(), more.begin(), more.end());
  return Tuple ? make_tuple(std::move(out)) : make_list(std::move(out));
}

template <bool Tuple>
Value seq_mul(Interpreter&, const Value& a, const Value& b) {
  auto is_seq = [](const Value& v) { return Tuple ? v.as<TupleObject>() != nullptr : v.as<ListObject>() != nullptr; };
  if (is_seq(a) && b.is_int_like()) return repeat(seq_items(a), b.to_int(), Tuple);
  if (is_seq(b) && a.is_int_like()) return repeat(seq_items(b), a.to_int(), Tuple);
  if ((is_seq(a) && is_big_int(b)) || (is_seq(b) && is_big_int(a)))
    raise_overflow("cannot fit 'int' into an index-sized integer");
  return not_implemented();
}

Value list_iadd(Interpreter& in, const Value& a, const Value& b) {
  auto more = to_vector(in, b);
  auto* l = a.as<ListObject>();
  l->items.insert(l->items.end(), more.begin(), more.end());
  return a;
}

Value list_imul(Interpreter&, const Value& a, const Value& b) {
  if (!b.is_int_like()) return not_implemented();
  auto* l = a.as<ListObject>();
  auto items = l->items;
  l->items.clear();
  for (int64_t i = 0; i < b.to_int(); ++i) l->items.insert(l->items.end(), items.begin(), items.end());
  return a;
}

// --- tuple ------------------------------------------------------------------------

int64_t tuple_len(Interpreter&, const Value& v) { return static_cast<int64_t>(v.as<TupleObject>()->items.size()); }

Value tuple_getitem(Interpreter& in, const Value& v, const Value& key) {
  auto* t = v.as<TupleObject>();
  if (auto* s = key.as<SliceObject>()) {
    bool size = t->flavour == TupleObject::Flavour::Size;
    return slice_items(t->items, *s, [size](std::vector<Value> items) {
      return Value(std::make_shared<TupleObject>(std::move(items),
                                                 size ? TupleObject::Flavour::Size : TupleObject::Flavour::Plain));
    });
  }
  int64_t i = normalize_index(to_index(in, key, "tuple indices"), static_cast<int64_t>(t->items.size()), "tuple");
  return t->items[static_cast<size_t>(i)];
}

Value tuple_iter(Interpreter&, const Value& v) { return index_iterator(v, "tuple_iterator"); }

Value tuple_compare(Interpreter& in, const Value& a, const Value& b, CmpOp op) {
  if (!b.as<TupleObject>()) return not_implemented();
  return compare_sequences(in, seq_items(a), seq_items(b), op);
}

int64_t tuple_hash(Interpreter& in, const Value& v) {
  std::vector<int64_t> hashes;
  for (const Value& x : v.as<TupleObject>()->items) hashes.push_back(hash_value(in, x));
  return hash_tuple(hashes);
}

// --- dict -------------------------------------------------------------------------

int64_t dict_len(Interpreter&, const Value& v) { return static_cast<int64_t>(v.as<DictObject>()->size()); }

Value dict_getitem(Interpreter& in, const Value& v, const Value& key) {
  auto* d = v.as<DictObject>();
  if (const Value* x = d->find(key)) return *x;
  // A subclass may supply missing keys (defaultdict, Counter).
  if (type_of(v).is_heap_type()) {
    Args a{key};
    if (auto r = lookup_special(in, v, "__missing__")) return call(in, *r, a);
  }
  raise_key_error(key);
}

void dict_setitem(Interpreter&, const Value& v, const Value& key, const Value* value) {
  auto* d = v.as<DictObject>();
  if (value) return d->set(key, *value);
  if (!d->erase(key)) raise_key_error(key);
}

bool dict_contains(Interpreter&, const Value& v, const Value& key) { return v.as<DictObject>()->find(key) != nullptr; }

// Iteration over a dict (or one of its views) in insertion order, failing
// as CPython does when the dict changes size underneath.
Value dict_iterator(std::shared_ptr<DictObject> d, DictViewObject::Which which, const char* name) {
  auto pos = std::make_shared<size_t>(0);
  auto seen = std::make_shared<int64_t>(0);
  size_t size = d->size();
  auto box = make_gc_captures({Value(d)});
  auto it = std::make_shared<IteratorObject>(name, [box, pos, size, which, seen](Interpreter&) -> std::optional<Value> {
    if (box->released()) return std::nullopt;
    auto* d = static_cast<DictObject*>(box->values[0].object_ptr());
    if (d->size() != size) raise_runtime_error("dictionary changed size during iteration");
    ++*seen;
    while (*pos < d->entry_count()) {
      const DictObject::Entry* e = d->entry((*pos)++);
      if (!e) continue;
      switch (which) {
        case DictViewObject::Which::Keys: return e->key;
        case DictViewObject::Which::Values: return e->value;
        case DictViewObject::Which::Items: return make_tuple({e->key, e->value});
      }
    }
    return std::nullopt;
  });
  it->set_length_hint([box, seen] {
    return box->released() ? 0 : length_of(box->values[0]) - *seen;
  });
  gc_register_captures(*it, std::move(box));
  return named_iterator(std::move(it));
}

Value dict_iter(Interpreter&, const Value& v) {
  return dict_iterator(v.as_shared<DictObject>(), DictViewObject::Which::Keys, "dict_keyiterator");
}

Value dict_compare(Interpreter& in, const Value& a, const Value& b, CmpOp op) {
  auto* da = a.as<DictObject>();
  auto* db = b.as<DictObject>();
  if (!db || (op != CmpOp::Eq && op != CmpOp::Ne)) return not_implemented();
  NativeRecursion guard(in, " in comparison");
  bool same = da->size() == db->size();
  if (same)
    da->for_each([&](const Value& k, const Value& v) {
      if (!same) return;
      const Value* other = db->find(k);
      if (!other || !equals(in, v, *other)) same = false;
    });
  return op == CmpOp::Eq ? same : !same;
}

Value dict_or(Interpreter&, const Value& a, const Value& b) {
  auto* da = a.as<DictObject>();
  auto* db = b.as<DictObject>();
  if (!da || !db) return not_implemented();
  auto out = std::make_shared<DictObject>();
  da->for_each([&](const Value& k, const Value& v) { out->set(k, v); });
  db->for_each([&](const Value& k, const Value& v) { out->set(k, v); });
  return Value(out);
}

Value dict_ior(Interpreter& in, const Value& a, const Value& b) {
  Args none;
  update_dict(in, *a.as<DictObject>(), &b, none);
  return a;
}

// --- dict views -----------------------------------------------------------------

DictViewObject& view(const Value& v) { return *static_cast<DictViewObject*>(v.object_ptr()); }
int64_t view_len(Interpreter&, const Value& v) { return static_cast<int64_t>(view(v).dict->size()); }
Value view_iter(Interpreter&, const Value& v) {
  static const char* names[] = {"dict_keyiterator", "dict_valueiterator", "dict_itemiterator"};
  return dict_iterator(view(v).dict, view(v).which, names[static_cast<int>(view(v).which)]);
}
bool view_contains(Interpreter& in, const Value& v, const Value& item) {
  DictViewObject& d = view(v);
  if (d.which == DictViewObject::Which::Keys) return d.dict->find(item) != nullptr;
  if (d.which == DictViewObject::Which::Items) {
    auto* t = item.as<TupleObject>();
    if (!t || t->items.size() != 2) return false;
    const Value* x = d.dict->find(t->items[0]);
    return x && equals(in, *x, t->items[1]);
  }
  for (const Value& x : d.dict->values())
    if (equals(in, x, item)) return true;
  return false;
}

// dict.__reversed__ and the views' __reversed__: the entries last to first.
Value dict_reverse_iterator(std::shared_ptr<DictObject> d, DictViewObject::Which which, const char* name) {
  auto pos = std::make_shared<size_t>(d->entry_count());
  size_t size = d->size();
  auto box = make_gc_captures({Value(d)});
  auto it = std::make_shared<IteratorObject>(name, [box, pos, size, which](Interpreter&) -> std::optional<Value> {
    if (box->released()) return std::nullopt;
    auto* d = static_cast<DictObject*>(box->values[0].object_ptr());
    if (d->size() != size) raise_runtime_error("dictionary changed size during iteration");
    while (*pos > 0) {
      const DictObject::Entry* e = d->entry(--*pos);
      if (!e) continue;
      switch (which) {
        case DictViewObject::Which::Keys: return e->key;
        case DictViewObject::Which::Values: return e->value;
        case DictViewObject::Which::Items: return make_tuple({e->key, e->value});
      }
    }
    return std::nullopt;
  });
  gc_register_captures(*it, std::move(box));
  return named_iterator(std::move(it));
}

bool set_like_view(const Value& v) {
  auto* d = v.as<DictViewObject>();
  return d && d->which != DictViewObject::Which::Values;
}

// The items of a view or of any iterable, as a set.
std::shared_ptr<SetObject> items_as_set(Interpreter& in, const Value& v) {
  auto out = std::make_shared<SetObject>();
  for_each(in, v, [&](const Value& x) {
    out->add(x);
    return true;
  });
  return out;
}

// keys() and items() views are set-like: &, |, -, ^ with any iterable make a
// set, built as CPython builds it (dict_view_sets.cpp).
template <int Op>
Value view_binary(Interpreter& in, const Value& a, const Value& b) {
  for (const Value* side : {&a, &b})
    if (!set_like_view(*side) && !type_of(*side).slots.iter) return not_implemented();
  return dict_view_binary(in, a, b, Op);
}

Value set_compare(Interpreter&, const Value& a, const Value& b, CmpOp op);

// Comparing a keys/items view with a set or another such view compares them as sets.
Value view_compare(Interpreter& in, const Value& a, const Value& b, CmpOp op) {
  if (!set_like_view(a) || !(set_like_view(b) || b.as<SetObject>())) return not_implemented();
  return set_compare(in, Value(items_as_set(in, a)), Value(items_as_set(in, b)), op);
}

// --- set -----------------------------------------------------------------------------

int64_t set_len(Interpreter&, const Value& v) { return static_cast<int64_t>(v.as<SetObject>()->size()); }
bool set_contains(Interpreter&, const Value& v, const Value& item) { return v.as<SetObject>()->contains(item); }
// CPython's set iterator: a slot position and the size at creation.
Value set_iter(Interpreter&, const Value& v) {
  auto s = v.as_shared<SetObject>();
  auto pos = std::make_shared<size_t>(0);
  auto seen = std::make_shared<size_t>(0);
  size_t size = s->size();
  auto box = make_gc_captures({v});
  auto it = std::make_shared<IteratorObject>("set_iterator", [box, pos, seen, size](Interpreter&) -> std::optional<Value> {
    if (box->released()) return std::nullopt;
    auto* s = static_cast<SetObject*>(box->values[0].object_ptr());
    if (s->size() != size) raise_runtime_error("Set changed size during iteration");
    const auto* entry = table_of(*s).next_entry(*pos);
    if (!entry) return std::nullopt;
    ++*seen;
    return entry->key;
  });
  it->set_length_hint([box, seen] {
    return box->released() ? 0 : length_of(box->values[0]) - static_cast<int64_t>(*seen);
  });
  gc_register_captures(*it, std::move(box));
  return named_iterator(std::move(it));
}

template <int Op>
Value set_binary(Interpreter& in, const Value& a, const Value& b) {
  auto* sa = a.as<SetObject>();
  if (!sa || !b.as<SetObject>()) return not_implemented();
  switch (static_cast<BinOp>(Op)) {
    case BinOp::BitOr: return set_or(in, *sa, b);
    case BinOp::BitAnd: return set_and(in, *sa, b);
    case BinOp::Sub: return set_sub(in, *sa, b);
    case BinOp::BitXor: return set_xor(in, *sa, b);
    default: return not_implemented();
  }
}

template <int Op>
Value set_inplace(Interpreter& in, const Value& a, const Value& b) {
  auto* sa = a.as<SetObject>();
  if (sa->frozen || !b.as<SetObject>()) return not_implemented();
  switch (static_cast<BinOp>(Op)) {
    case BinOp::BitOr: set_update_from(in, *sa, b); break;
    case BinOp::BitAnd: set_intersection_update_with(in, *sa, b); break;
    case BinOp::Sub: set_difference_update_with(in, *sa, b); break;
    case BinOp::BitXor: set_symmetric_difference_update_with(in, *sa, b); break;
    default: return not_implemented();
  }
  return a;
}

Value set_compare(Interpreter&, const Value& a, const Value& b, CmpOp op) {
  auto* sa = a.as<SetObject>();
  auto* sb = b.as<SetObject>();
  if (!sb) return not_implemented();
  Value keep_a = a, keep_b = b;
  SetValues& x = table_of(*sa);
  SetValues& y = table_of(*sb);
  switch (op) {
    case CmpOp::Eq: return pyhash::set_equals(x, y);
    case CmpOp::Ne: return !pyhash::set_equals(x, y);
    case CmpOp::Le: return pyhash::set_is_subset(x, y);
    case CmpOp::Lt: return pyhash::set_is_proper_subset(x, y);
    case CmpOp::Ge: return pyhash::set_is_subset(y, x);
    case CmpOp::Gt: return pyhash::set_is_proper_superset(x, y);
    default: return not_implemented();
  }
}

int64_t frozenset_hash(Interpreter&, const Value& v) { return table_of(*v.as<SetObject>()).frozenset_hash(); }

// --- range, slice, iterator -------------------------------------------------------

int64_t range_len(Interpreter&, const Value& v) { return v.as<RangeObject>()->length(); }
Value range_getitem(Interpreter& in, const Value& v, const Value& key) {
  auto* r = v.as<RangeObject>();
  if (auto* sl = key.as<SliceObject>()) {
    auto b = sl->indices(r->length());
    return Value(std::make_shared<RangeObject>(r->at(b.start), r->at(b.start) + b.count * b.step * r->step,
                                               b.step * r->step));
  }
  return Value(r->at(normalize_index(to_index(in, key, "range indices"), r->length(), "range object")));
}
bool range_contains(Interpreter& in, const Value& v, const Value& item) {
  auto* r = v.as<RangeObject>();
  if (!item.is_int_like()) {
    for (int64_t i = 0, n = r->length(); i < n; ++i)
      if (equals(in, Value(r->at(i)), item)) return true;
    return false;
  }
  int64_t x = item.to_int();
  if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop)) return false;
  return (x - r->start) % r->step == 0;
}
Value range_iter(Interpreter&, const Value& v) {
  auto r = v.as_shared<RangeObject>();
  auto i = std::make_shared<int64_t>(0);
  auto it = std::make_shared<IteratorObject>("range_iterator", [r, i](Interpreter&) -> std::optional<Value> {
    if (*i >= r->length()) return std::nullopt;
    return Value(r->at((*i)++));
  });
  it->set_length_hint([r, i] { return r->length() - *i; });
  return named_iterator(std::move(it));
}
Value range_compare(Interpreter&, const Value& a, const Value& b, CmpOp op) {
  auto* x = a.as<RangeObject>();
  auto* y = b.as<RangeObject>();
  if (!y || (op != CmpOp::Eq && op != CmpOp::Ne)) return not_implemented();
  int64_t n = x->length();
  bool same = n == y->length() && (n == 0 || (x->start == y->start && (n == 1 || x->step == y->step)));
  return op == CmpOp::Eq ? same : !same;
}

Value iterator_iter(Interpreter&, const Value& v) { return v; }
std::optional<Value> iterator_next_slot(Interpreter& in, const Value& v) {
  return static_cast<IteratorObject*>(v.object_ptr())->next(in);
}

std::string native_repr(Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); }
// torch.Size's own slot, so torch.Size.__repr__ is not tuple.__repr__ (as
// in PyTorch): pprint and reprlib tell a tuple by that identity.
std::string size_repr(Interpreter& in, const Value& v) { return native_repr(in, v); }

}  // namespace

void install_container_slots() {
  auto& t = mutable_types();
  TypeSlots& l = t.list->slots;
  l.repr = &native_repr;
  l.len = &list_len;
  l.getitem = &list_getitem;
  l.setitem = &list_setitem;
  l.iter = &list_iter;
  l.contains = &seq_contains;
  l.compare = &list_compare;
  l.unhashable = true;
  l.hash = nullptr;
  l.binary[static_cast<int>(BinOp::Add)] = &seq_add<false>;
  l.binary[static_cast<int>(BinOp::Mul)] = &seq_mul<false>;
  l.inplace[static_cast<int>(BinOp::Add)] = &list_iadd;
  l.inplace[static_cast<int>(BinOp::Mul)] = &list_imul;

  TypeSlots& tu = t.tuple->slots;
  tu.repr = &native_repr;
  tu.len = &tuple_len;
  tu.getitem = &tuple_getitem;
  tu.iter = &tuple_iter;
  tu.contains = &seq_contains;
  tu.compare = &tuple_compare;
  tu.hash = &tuple_hash;
  tu.binary[static_cast<int>(BinOp::Add)] = &seq_add<true>;
  tu.binary[static_cast<int>(BinOp::Mul)] = &seq_mul<true>;
  t.size->slots.repr = &size_repr;

  TypeSlots& d = t.dict->slots;
  d.repr = &native_repr;
  d.len = &dict_len;
  d.getitem = &dict_getitem;
  d.setitem = &dict_setitem;
  d.contains = &dict_contains;
  d.iter = &dict_iter;
  d.compare = &dict_compare;
  d.unhashable = true;
  d.hash = nullptr;
  d.binary[static_cast<int>(BinOp::BitOr)] = &dict_or;
  d.inplace[static_cast<int>(BinOp::BitOr)] = &dict_ior;

  for (TypeObject* v : {t.dict_keys, t.dict_values, t.dict_items}) {
    v->slots.repr = &native_repr;
    v->slots.len = &view_len;
    v->slots.iter = &view_iter;
    v->slots.contains = &view_contains;
  }
  for (TypeObject* v : {t.dict_keys, t.dict_items}) {
    TypeSlots& vs = v->slots;
    vs.unhashable = true;
    vs.hash = nullptr;
    vs.compare = &view_compare;
    vs.binary[static_cast<int>(BinOp::BitOr)] = &view_binary<static_cast<int>(BinOp::BitOr)>;
    vs.binary[static_cast<int>(BinOp::BitAnd)] = &view_binary<static_cast<int>(BinOp::BitAnd)>;
    vs.binary[static_cast<int>(BinOp::Sub)] = &view_binary<static_cast<int>(BinOp::Sub)>;
    vs.binary[static_cast<int>(BinOp::BitXor)] = &view_binary<static_cast<int>(BinOp::BitXor)>;
  }
  add_method(*t.dict, "__reversed__", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "__reversed__", 0, 0);
    return dict_reverse_iterator(self.as_shared<DictObject>(), DictViewObject::Which::Keys, "dict_reversekeyiterator");
  });
  for (TypeObject* v : {t.dict_keys, t.dict_values, t.dict_items})
    add_method(*v, "__reversed__", [](Interpreter&, const Value& self, Args& a) -> Value {
      expect_args(a, "__reversed__", 0, 0);
      static const char* names[] = {"dict_reversekeyiterator", "dict_reversevalueiterator", "dict_reverseitemiterator"};
      return dict_reverse_iterator(view(self).dict, view(self).which, names[static_cast<int>(view(self).which)]);
    });

  for (TypeObject* st : {t.set, t.frozenset}) {
    TypeSlots& s = st->slots;
    s.repr = &native_repr;
    s.len = &set_len;
    s.contains = &set_contains;
    s.iter = &set_iter;
    s.compare = &set_compare;
    s.binary[static_cast<int>(BinOp::BitOr)] = &set_binary<static_cast<int>(BinOp::BitOr)>;
    s.binary[static_cast<int>(BinOp::BitAnd)] = &set_binary<static_cast<int>(BinOp::BitAnd)>;
    s.binary[static_cast<int>(BinOp::Sub)] = &set_binary<static_cast<int>(BinOp::Sub)>;
    s.binary[static_cast<int>(BinOp::BitXor)] = &set_binary<static_cast<int>(BinOp::BitXor)>;
  }
  TypeSlots& s = t.set->slots;
  s.unhashable = true;
  s.hash = nullptr;
  s.inplace[static_cast<int>(BinOp::BitOr)] = &set_inplace<static_cast<int>(BinOp::BitOr)>;
  s.inplace[static_cast<int>(BinOp::BitAnd)] = &set_inplace<static_cast<int>(BinOp::BitAnd)>;
  s.inplace[static_cast<int>(BinOp::Sub)] = &set_inplace<static_cast<int>(BinOp::Sub)>;
  s.inplace[static_cast<int>(BinOp::BitXor)] = &set_inplace<static_cast<int>(BinOp::BitXor)>;
  t.frozenset->slots.hash = &frozenset_hash;

  TypeSlots& r = t.range->slots;
  r.repr = &native_repr;
  r.len = &range_len;
  r.getitem = &range_getitem;
  r.contains = &range_contains;
  r.iter = &range_iter;
  // range.count/index: arithmetic for ints (and bools), equality otherwise.
  add_method(*t.range, "count", [](Interpreter& in, const Value& self, Args& a) -> Value {
    expect_args(a, "count", 1, 1);
    if (a.pos[0].is_int_like()) return Value(int64_t(range_contains(in, self, a.pos[0])));
    int64_t n = 0;
    for_each(in, self, [&](const Value& x) {
      n += equals(in, x, a.pos[0]);
      return true;
    });
    return Value(n);
  });
  add_method(*t.range, "index", [](Interpreter& in, const Value& self, Args& a) -> Value {
    expect_args(a, "index", 1, 1);
    auto* r = self.as<RangeObject>();
    if (a.pos[0].is_int_like()) {
      if (!range_contains(in, self, a.pos[0])) raise_value_error(fmt::format("{} is not in range", repr(in, a.pos[0])));
      return Value((a.pos[0].to_int() - r->start) / r->step);
    }
    int64_t i = 0, found = -1;
    for_each(in, self, [&](const Value& x) {
      if (equals(in, x, a.pos[0])) found = i;
      ++i;
      return found < 0;
    });
    if (found < 0) raise_value_error("sequence.index(x): x not in sequence");
    return Value(found);
  });
  r.compare = &range_compare;

  t.slice->slots.repr = &native_repr;
  t.slice->slots.unhashable = true;
  t.slice->slots.hash = nullptr;
  t.ellipsis->slots.repr = &native_repr;
  // Note [hash of the singletons] (hashing.h)
  t.ellipsis->slots.hash = [](Interpreter&, const Value&) -> int64_t { return kEllipsisHash; };
  t.not_implemented->slots.hash = [](Interpreter&, const Value&) -> int64_t { return kNotImplementedHash; };
  add_method(*t.iterator, "__length_hint__", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "__length_hint__", 0, 0);
    auto hint = static_cast<IteratorObject*>(self.object_ptr())->length_hint();
    return hint ? Value(*hint) : not_implemented();
  });
  t.iterator->slots.iter = &iterator_iter;
  t.iterator->slots.next = &iterator_next_slot;
}

}  // namespace backstep::rt
