// The builtin data objects: str, list, tuple (with torch.Size and named
// tuples as flavours of it), dict, set, slice, Ellipsis, range, iterators
// and closure cells.
#pragma once

#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

#include <functional>
#include <unordered_map>
#include <vector>

namespace backstep::rt {

class StrObject : public Object, public KindTag<ObjKind::Str> {
 public:
  explicit StrObject(std::string s) : Object(ObjKind::Str), value(std::move(s)) {}
  const TypeObject& type() const override { return *types().str; }
  std::string repr(Interpreter& in) const override;
  std::string str(Interpreter&) const override { return value; }
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  std::vector<std::string> attr_names() const override;
  std::optional<Value> call_method(Interpreter& in, std::string_view name, Args& args) override;

  const std::string value;  // UTF-8; immutable as in Python
};

class ListObject : public Object, public KindTag<ObjKind::List> {
 public:
  ListObject() : Object(ObjKind::List) {}
  explicit ListObject(std::vector<Value> v) : Object(ObjKind::List), items(std::move(v)) {}
  const TypeObject& type() const override { return *types().list; }
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  std::vector<std::string> attr_names() const override;
  std::optional<Value> call_method(Interpreter& in, std::string_view name, Args& args) override;

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
  const TypeObject& type() const override;
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  std::vector<std::string> attr_names() const override;

  const std::vector<Value> items;
  const Flavour flavour = Flavour::Plain;
  // Named tuples: the class (e.g. torch.return_types.max) and field names.
  const TypeObject* named_type = nullptr;
  std::vector<std::string> field_names;
};

// A dict's keys(), values() or items(): a list snapshot that prints as
// dict_keys([...]) and friends.
class DictViewObject : public ListObject {
 public:
  DictViewObject(std::string kind, std::vector<Value> v) : ListObject(std::move(v)), view_kind(std::move(kind)) {}
  std::string repr(Interpreter& in) const override { return view_kind + "(" + ListObject::repr(in) + ")"; }
  const std::string view_kind;
};

// Python's repr of a str: quotes chosen as CPython chooses them.
std::string python_string_repr(std::string_view s);

Value make_tuple(std::vector<Value> items);
Value make_size(c10::IntArrayRef sizes);  // torch.Size
Value make_str(std::string s);
Value make_list(std::vector<Value> items);

// Hashing and equality with Python's rules for dict keys and sets:
// 1 == 1.0 == True hash alike; tensors and other objects hash by identity.
struct ValueHash {
  size_t operator()(const Value& v) const;
};
struct ValueKeyEq {
  bool operator()(const Value& a, const Value& b) const;
};
// Raises TypeError("unhashable type: 'list'") for values that cannot be keys.
void check_hashable(const Value& v);

// An insertion-ordered dict (Python 3.7+ semantics).
class DictObject : public Object, public KindTag<ObjKind::Dict> {
 public:
  DictObject() : Object(ObjKind::Dict) {}
  const TypeObject& type() const override { return *types().dict; }
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  std::vector<std::string> attr_names() const override;
  std::optional<Value> call_method(Interpreter& in, std::string_view name, Args& args) override;

  const Value* find(const Value& key) const;
  void set(const Value& key, Value value);
  bool erase(const Value& key);
  size_t size() const { return index_.size(); }
  // Live entries in insertion order.
  template <class F>
  void for_each(F&& f) const {
    for (const auto& e : entries_)
      if (e.live) f(e.key, e.value);
  }
  std::vector<Value> keys() const;
  void clear();

 private:
  struct Entry {
    Value key;
    Value value;
    bool live;
  };
  std::vector<Entry> entries_;
  std::unordered_map<Value, size_t, ValueHash, ValueKeyEq> index_;
};

class SetObject : public Object, public KindTag<ObjKind::Set> {
 public:
  SetObject() : Object(ObjKind::Set) {}
  const TypeObject& type() const override { return *types().set; }
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;

  bool contains(const Value& v) const { return index_.count(v) != 0; }
  void add(const Value& v);
  bool remove(const Value& v);
  const std::vector<Value>& items() const { return order_; }

 private:
  std::vector<Value> order_;
  std::unordered_map<Value, size_t, ValueHash, ValueKeyEq> index_;
};

class SliceObject : public Object, public KindTag<ObjKind::Slice> {
 public:
  SliceObject(Value lo, Value hi, Value st)
      : Object(ObjKind::Slice), start(std::move(lo)), stop(std::move(hi)), step(std::move(st)) {}
  const TypeObject& type() const override { return *types().slice; }
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
  const TypeObject& type() const override { return *types().ellipsis; }
  std::string repr(Interpreter&) const override { return "Ellipsis"; }
};
const Value& ellipsis();

class RangeObject : public Object, public KindTag<ObjKind::Range> {
 public:
  RangeObject(int64_t a, int64_t b, int64_t s) : Object(ObjKind::Range), start(a), stop(b), step(s) {}
  const TypeObject& type() const override { return *types().range; }
  std::string repr(Interpreter& in) const override;
  std::optional<Value> get_attr(Interpreter& in, std::string_view name) override;
  int64_t length() const;
  int64_t at(int64_t i) const { return start + i * step; }

  const int64_t start, stop, step;
};

// A one-shot iterator over values produced by a C++ function (used for
// enumerate, zip, map, reversed, iter(), dict views, ...). next() returns
// nullopt when exhausted.
class IteratorObject : public Object, public KindTag<ObjKind::Iterator> {
 public:
  using Next = std::function<std::optional<Value>(Interpreter&)>;
  IteratorObject(std::string type_name, Next next)
      : Object(ObjKind::Iterator), type_name_(std::move(type_name)), next_(std::move(next)) {}
  const TypeObject& type() const override { return *types().iterator; }
  std::string repr(Interpreter& in) const override;
  std::optional<Value> next(Interpreter& in) { return next_ ? next_(in) : std::nullopt; }

 private:
  std::string type_name_;
  Next next_;
};

// A variable shared between a function and the closures defined in it.
class CellObject : public Object, public KindTag<ObjKind::Cell> {
 public:
  CellObject() : Object(ObjKind::Cell) {}
  const TypeObject& type() const override { return *types().cell; }
  Value value;
  bool bound = false;
};

}  // namespace backstep::rt
