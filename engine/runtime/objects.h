// The builtin data objects: str, list, tuple (with torch.Size and named
// tuples as flavours of it), set, slice, Ellipsis, range, iterators, dict
// views, boxed ints and floats (instances of their subclasses) and closure
// cells. dict lives in dict_object.h.
#pragma once

#include "engine/runtime/dict_object.h"
#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <functional>
#include <unordered_map>
#include <vector>

namespace backstep::rt {

class StrObject : public Object, public KindTag<ObjKind::Str> {
 public:
  explicit StrObject(std::string s) : Object(ObjKind::Str, types().str), value(std::move(s)) {}
  StrObject(std::string s, const TypeObject* cls) : Object(ObjKind::Str, cls), value(std::move(s)) {}
  const TypeObject& native_type() const override { return *types().str; }
  std::string repr(Interpreter& in) const override;
  std::string str(Interpreter&) const override { return value; }

  int64_t hash() const;  // CPython's, computed once
  const std::string value;  // UTF-8; immutable as in Python

 private:
  mutable int64_t hash_ = -1;  // -1: not computed (never a str hash)
};

class ListObject : public Object, public KindTag<ObjKind::List> {
 public:
  ListObject() : Object(ObjKind::List, types().list) {}
  explicit ListObject(std::vector<Value> v) : Object(ObjKind::List, types().list), items(std::move(v)) {}
  explicit ListObject(const TypeObject* cls) : Object(ObjKind::List, cls) {}
  ~ListObject() override;  // Note [Freeing deep structures]
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;
  const TypeObject& native_type() const override { return *types().list; }
  std::string repr(Interpreter& in) const override;

  std::vector<Value> items;
};

// A tuple. torch.Size and the named tuples of torch.return_types are tuples
// too (as in PyTorch, where they subclass tuple), told apart by `flavour`.
class TupleObject : public Object, public KindTag<ObjKind::Tuple> {
 public:
  enum class Flavour : uint8_t { Plain, Size, Named };
  TupleObject() : Object(ObjKind::Tuple) {}
  explicit TupleObject(std::vector<Value> v, Flavour f = Flavour::Plain)
      : Object(ObjKind::Tuple), items(std::move(v)), flavour(f) {}
  TupleObject(std::vector<Value> v, const TypeObject* cls) : Object(ObjKind::Tuple, cls), items(std::move(v)) {}
  ~TupleObject() override;  // Note [Freeing deep structures]
  void gc_traverse(GcVisitor& v) const override;
  const TypeObject& native_type() const override;
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  std::vector<std::string> attr_names() const override;

  const std::vector<Value> items;
  const Flavour flavour = Flavour::Plain;
  // Named tuples: the class (e.g. torch.return_types.max) and field names.
  const TypeObject* named_type = nullptr;
  std::vector<std::string> field_names;
};

// A live view of a dict: keys(), values() or items().
class DictViewObject : public Object {
 public:
  enum class Which : uint8_t { Keys, Values, Items };
  DictViewObject(std::shared_ptr<DictObject> d, Which w) : Object(ObjKind::Other), dict(std::move(d)), which(w) {}
  static bool is_instance(const Object& o);
  const TypeObject& native_type() const override;
  std::string repr(Interpreter& in) const override;
  // The view's items now (keys, values, or (key, value) tuples).
  std::vector<Value> snapshot() const;

  const std::shared_ptr<DictObject> dict;
  const Which which;
};

// Python's repr of a str: quotes chosen as CPython chooses them.
std::string python_string_repr(std::string_view s);

Value make_tuple(std::vector<Value> items);
Value make_size(c10::IntArrayRef sizes);  // torch.Size
Value make_str(std::string s);
Value make_list(std::vector<Value> items);

// Hashing and equality with Python's rules for set members (hash() and ==,
// which may run script code).
struct ValueHash {
  size_t operator()(const Value& v) const;
};
struct ValueKeyEq {
  bool operator()(const Value& a, const Value& b) const;
};

struct SetStore;  // set_store.h: CPython's set table over Values

// set and frozenset, stored in CPython's hash table (engine/pyhash) so that
// iteration order, repr and list(s) are CPython's (Note [CPython set order]
// in set_store.h).
class SetObject : public Object, public KindTag<ObjKind::Set> {
 public:
  explicit SetObject(bool frozen = false);
  SetObject(const TypeObject* cls, bool frozen);
  ~SetObject() override;
  const TypeObject& native_type() const override { return *(frozen ? types().frozenset : types().set); }
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;
  std::string repr(Interpreter& in) const override;

  bool contains(const Value& v) const;
  void add(const Value& v);
  bool remove(const Value& v);
  void clear();
  size_t size() const;
  // The items in iteration order (a snapshot).
  std::vector<Value> items() const;
  SetStore& store() const { return *store_; }

  const bool frozen;

 private:
  std::unique_ptr<SetStore> store_;
};

class SliceObject : public Object, public KindTag<ObjKind::Slice> {
 public:
  SliceObject(Value lo, Value hi, Value st)
      : Object(ObjKind::Slice), start(std::move(lo)), stop(std::move(hi)), step(std::move(st)) {}
  const TypeObject& native_type() const override { return *types().slice; }
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;

  // Python's slice.indices(): clamps to a sequence of `length` items.
  struct Bounds {
    int64_t start, stop, step, count;
  };
  Bounds indices(int64_t length) const;

  const Value start, stop, step;
};

class EllipsisObject : public Object, public KindTag<ObjKind::Ellipsis> {
 public:
  EllipsisObject() : Object(ObjKind::Ellipsis) {}
  const TypeObject& native_type() const override { return *types().ellipsis; }
  std::string repr(Interpreter&) const override { return "Ellipsis"; }
};
const Value& ellipsis();

class RangeObject : public Object, public KindTag<ObjKind::Range> {
 public:
  RangeObject(int64_t a, int64_t b, int64_t s) : Object(ObjKind::Range), start(a), stop(b), step(s) {}
  const TypeObject& native_type() const override { return *types().range; }
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  int64_t length() const;
  int64_t at(int64_t i) const { return start + i * step; }

  const int64_t start, stop, step;
};

// A one-shot iterator over values produced by a C++ function (used for
// enumerate, zip, map, reversed, iter(), container iteration, ...). next()
// returns nullopt when exhausted.
class IteratorObject : public Object, public KindTag<ObjKind::Iterator> {
 public:
  using Next = std::function<std::optional<Value>(Interpreter&)>;
  IteratorObject(std::string type_name, Next next)
      : Object(ObjKind::Iterator), type_name_(std::move(type_name)), next_(std::move(next)) {}
  const TypeObject& native_type() const override { return *types().iterator; }
  std::string repr(Interpreter& in) const override;
  std::optional<Value> next(Interpreter& in) {
    if (!next_) return std::nullopt;
    auto v = next_(in);
    if (!v) next_ = nullptr;  // exhausted iterators stay exhausted, and let go of what they held
    return v;
  }
  const std::string& type_name() const { return type_name_; }

  // __length_hint__: how many items are left, for iterators that know
  // (over a list, tuple, range, str, dict or set); nullopt otherwise.
  using Hint = std::function<int64_t()>;
  void set_length_hint(Hint h) { hint_ = std::move(h); }
  std::optional<int64_t> length_hint() const {
    if (!hint_) return std::nullopt;
    if (!next_) return 0;
    return std::max<int64_t>(0, hint_());
  }

 private:
  std::string type_name_;
  Next next_;
  Hint hint_;
};

// An instance of a subclass of int or float (IntEnum members, ...): the
// number plus the instance's class and __dict__.
class BoxedNumber : public Object {
 public:
  BoxedNumber(const TypeObject* cls, Value v)
      : Object(v.is_float() ? ObjKind::BoxedFloat : ObjKind::BoxedInt, cls), value(std::move(v)) {}
  static bool is_instance(const Object& o) {
    return o.kind() == ObjKind::BoxedInt || o.kind() == ObjKind::BoxedFloat;
  }
  const Value value;  // an int or a float
};
// The plain int/float of a number or a boxed one; nullopt for anything else.
std::optional<Value> unbox_number(const Value& v);

// A variable shared between a function and the closures defined in it.
class CellObject : public Object, public KindTag<ObjKind::Cell> {
 public:
  CellObject() : Object(ObjKind::Cell) {}
  const TypeObject& native_type() const override { return *types().cell; }
  void gc_traverse(GcVisitor& v) const override;
  void gc_clear() override;
  Value value;
  bool bound = false;
};

}  // namespace backstep::rt
