// bytearray: the object, its slots and methods, as CPython's
// bytearrayobject.c. The read-only methods are bytes' own (they read any
// bytes-like self through bytes_data), with bytes results made bytearrays.
#include "engine/runtime/bytearray_object.h"

#include "engine/runtime/big_int.h"
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/repetition.h"
#include "engine/runtime/three_way.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {

TypeObject* bytearray_type() {
  static TypeObject* t = new_type("bytearray", "", mutable_types().object);
  return t;
}

BytearrayObject::BytearrayObject(std::string d, const TypeObject* cls)
    : Object(ObjKind::Other, cls ? cls : bytearray_type()), data(std::move(d)) {}

bool BytearrayObject::is_instance(const Object& o) {
  return o.kind() == ObjKind::Other && dynamic_cast<const BytearrayObject*>(&o) != nullptr;
}

std::string BytearrayObject::repr(Interpreter&) const { return type().name() + "(" + bytes_repr(data) + ")"; }

Value make_bytearray(std::string data) { return Value(std::make_shared<BytearrayObject>(std::move(data))); }

namespace {

std::string& data_of(const Value& v) { return static_cast<BytearrayObject*>(v.object_ptr())->data; }

bool is_integer(const Value& v) { return v.is_int_like() || is_big_int(v) || type_of(v).slots.index; }

char byte_of(Interpreter& in, const Value& v) {
  if (!is_integer(v)) raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  if (is_big_int(v)) raise_value_error("byte must be in range(0, 256)");
  int64_t n = to_index(in, v);
  if (n < 0 || n > 255) raise_value_error("byte must be in range(0, 256)");
  return static_cast<char>(n);
}

int64_t item_index(Interpreter& in, const Value& key, size_t size) {
  if (!is_integer(key))
    raise_type_error(fmt::format("bytearray indices must be integers or slices, not {}", type_name(key)));
  if (is_big_int(key)) raise_index_error("cannot fit 'int' into an index-sized integer");
  int64_t i = to_index(in, key), n = static_cast<int64_t>(size);
  if (i < 0) i += n;
  if (i < 0 || i >= n) raise_index_error("bytearray index out of range");
  return i;
}

// The bytes of what slice assignment, extend and += accept.
std::string bytes_of_iterable(Interpreter& in, const Value& v, const char* refusal) {
  if (const std::string* d = bytes_data(v)) return *d;
  if (v.as<StrObject>() || is_integer(v) || !type_of(v).slots.iter) raise_type_error(refusal);
  std::string out;
  for_each(in, v, [&](const Value& item) {
    out += byte_of(in, item);
    return true;
  });
  return out;
}

Value bytearray_getitem(Interpreter& in, const Value& self, const Value& key) {
  const std::string& d = data_of(self);
  if (auto* sl = key.as<SliceObject>()) {
    auto b = sl->indices(static_cast<int64_t>(d.size()));
    std::string out;
    for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step) out += d[static_cast<size_t>(k)];
    return make_bytearray(std::move(out));
  }
  return Value(int64_t(static_cast<unsigned char>(d[static_cast<size_t>(item_index(in, key, d.size()))])));
}

void assign_slice(Interpreter& in, std::string& d, const SliceObject& sl, const Value* v) {
  auto b = sl.indices(static_cast<int64_t>(d.size()));
  std::string with = v ? bytes_of_iterable(in, *v, "can assign only bytes, buffers, or iterables of ints in range(0, 256)")
                       : std::string();
  if (b.step == 1) {
    size_t start = static_cast<size_t>(b.start);
    d.replace(start, static_cast<size_t>(std::max<int64_t>(0, b.count)), with);
    return;
  }
  if (!v) {  // delete every step-th byte of the slice
    std::vector<bool> gone(d.size(), false);
    for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step) gone[static_cast<size_t>(k)] = true;
    std::string kept;
    for (size_t i = 0; i < d.size(); ++i)
      if (!gone[i]) kept += d[i];
    d = std::move(kept);
    return;
  }
  if (static_cast<int64_t>(with.size()) != b.count)
    raise_value_error(
        fmt::format("attempt to assign bytes of size {} to extended slice of size {}", with.size(), b.count));
  for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step) d[static_cast<size_t>(k)] = with[static_cast<size_t>(i)];
}

void bytearray_setitem(Interpreter& in, const Value& self, const Value& key, const Value* v) {
  std::string& d = data_of(self);
  if (auto* sl = key.as<SliceObject>()) return assign_slice(in, d, *sl, v);
  int64_t i = item_index(in, key, d.size());
  if (v) d[static_cast<size_t>(i)] = byte_of(in, *v);
  else d.erase(static_cast<size_t>(i), 1);
}

bool bytearray_contains(Interpreter& in, const Value& self, const Value& item) {
  const std::string& d = data_of(self);
  if (const std::string* sub = bytes_data(item)) return d.find(*sub) != std::string::npos;
  if (!is_integer(item)) raise_type_error(fmt::format("a bytes-like object is required, not '{}'", type_name(item)));
  return d.find(byte_of(in, item)) != std::string::npos;
}

Value bytearray_compare(Interpreter&, const Value& a, const Value& b, CmpOp op) {
  const std::string* x = bytes_data(a);
  const std::string* y = bytes_data(b);
  if (!x || !y || !is_ordering(op)) return not_implemented();
  return three_way_answers(x->compare(*y), op);
}

Value bytearray_add(Interpreter&, const Value& a, const Value& b) {
  const std::string* x = bytes_data(a);
  const std::string* y = bytes_data(b);
  if (x && y) return make_bytearray(*x + *y);
  raise_type_error(fmt::format("can't concat {} to {}", type_name(b), type_name(a)));
}

Value bytearray_iadd(Interpreter&, const Value& a, const Value& b) {
  const std::string* y = bytes_data(b);
  if (!y) raise_type_error(fmt::format("can't concat {} to {}", type_name(b), type_name(a)));
  data_of(a) += std::string(*y);
  return a;
}

int64_t repeat_count(Interpreter& in, const Value& n) {
  if (is_big_int(n)) raise_overflow("cannot fit 'int' into an index-sized integer");
  return std::max<int64_t>(0, to_index(in, n));
}

Value bytearray_mul(Interpreter& in, const Value& a, const Value& b) {
  bool left = a.as<BytearrayObject>() != nullptr;
  const Value& n = left ? b : a;
  if (!is_integer(n)) return not_implemented();
  return make_bytearray(repeat_string(data_of(left ? a : b), repeat_count(in, n)));
}

Value bytearray_imul(Interpreter& in, const Value& a, const Value& b) {
  if (!is_integer(b)) return not_implemented();
  data_of(a) = repeat_string(data_of(a), repeat_count(in, b));
  return a;
}

Value bytearray_iter(Interpreter&, const Value& self) { return byte_iterator(self, "bytearray_iterator"); }

// bytearray(), bytearray(n), bytearray(iterable of ints), bytearray(str,
// encoding[, errors]), bytearray(bytes-like).
Value bytearray_new(Interpreter& in, TypeObject& cls, Args& a) {
  const Value* src = arg_or_kw(a, 0, "source");
  std::string out;
  if (src && !src->as<StrObject>() && !arg_or_kw(a, 1, "encoding") && is_integer(*src)) {
    if (is_big_int(*src)) raise_overflow("cannot fit 'int' into an index-sized integer");
    int64_t n = to_index(in, *src);
    if (n < 0) raise_value_error("negative count");
    out.assign(static_cast<size_t>(n), '\0');
  } else if (src || arg_or_kw(a, 1, "encoding")) {
    Value b = call(in, type_value(*bytes_type()), a);
    out = *bytes_data(b);
  }
  return Value(std::make_shared<BytearrayObject>(std::move(out), &cls));
}

void add_mutators(TypeObject& t) {
  add_method(t, "append", [](Interpreter& in, const Value& self, Args& a) -> Value {
    expect_args(a, "append", 1, 1);
    data_of(self) += byte_of(in, a.pos[0]);
    return Value();
  });
  add_method(t, "extend", [](Interpreter& in, const Value& self, Args& a) -> Value {
    expect_args(a, "extend", 1, 1);
    std::string more = bytes_of_iterable(in, a.pos[0], "can't extend bytearray with int");
    data_of(self) += more;
    return Value();
  });
  add_method(t, "insert", [](Interpreter& in, const Value& self, Args& a) -> Value {
    expect_args(a, "insert", 2, 2);
    std::string& d = data_of(self);
    int64_t n = static_cast<int64_t>(d.size()), i = to_index(in, a.pos[0]);
    i = i < 0 ? std::max<int64_t>(0, i + n) : std::min(i, n);
    d.insert(static_cast<size_t>(i), 1, byte_of(in, a.pos[1]));
    return Value();
  });
  add_method(t, "pop", [](Interpreter& in, const Value& self, Args& a) -> Value {
    expect_args(a, "pop", 0, 1);
    std::string& d = data_of(self);
    if (d.empty()) raise_index_error("pop from empty bytearray");
    int64_t n = static_cast<int64_t>(d.size()), i = a.pos.empty() ? -1 : to_index(in, a.pos[0]);
    if (i < 0) i += n;
    if (i < 0 || i >= n) raise_index_error("pop index out of range");
    auto c = static_cast<unsigned char>(d[static_cast<size_t>(i)]);
    d.erase(static_cast<size_t>(i), 1);
    return Value(int64_t(c));
  });
  add_method(t, "remove", [](Interpreter& in, const Value& self, Args& a) -> Value {
    expect_args(a, "remove", 1, 1);
    std::string& d = data_of(self);
    size_t at = d.find(byte_of(in, a.pos[0]));
    if (at == std::string::npos) raise_value_error("value not found in bytearray");
    d.erase(at, 1);
    return Value();
  });
  add_method(t, "clear", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "clear", 0, 0);
    data_of(self).clear();
    return Value();
  });
  add_method(t, "reverse", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "reverse", 0, 0);
    std::reverse(data_of(self).begin(), data_of(self).end());
    return Value();
  });
  add_method(t, "copy", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "copy", 0, 0);
    return make_bytearray(data_of(self));
  });
}

// A bytes result of a bytes method, as bytearray's method returns it.
Value as_bytearray_result(const Value& r) {
  if (auto* b = r.as<BytesObject>()) return make_bytearray(b->data);
  if (auto* ba = r.as<BytearrayObject>()) return make_bytearray(ba->data);
  auto convert_all = [](std::vector<Value> items) {
    for (Value& v : items)
      if (auto* b = v.as<BytesObject>()) v = make_bytearray(b->data);
    return items;
  };
  if (auto* l = r.as<ListObject>()) return make_list(convert_all(l->items));
  if (auto* t = r.as<TupleObject>()) return make_tuple(convert_all(t->items));
  return r;
}

// bytes' read-only methods, taken over with their results converted.
void share_bytes_methods(TypeObject& t) {
  std::vector<std::pair<std::string, MethodDescriptor::Fn>> shared;
  bytes_type()->dict().for_each([&](const Value& k, const Value& v) {
    auto* name = k.as<StrObject>();
    auto* m = v.as<MethodDescriptor>();
    if (!name || !m || m->slot != SlotId::None || t.dict().find_str(name->value)) return;
    shared.emplace_back(name->value, m->fn);
  });
  for (auto& entry : shared) {
    auto fn = entry.second;  // clang before 16 cannot capture a structured binding
    add_method(t, entry.first,
               [fn](Interpreter& in, const Value& self, Args& a) { return as_bytearray_result(fn(in, self, a)); });
  }
}

}  // namespace

void install_bytearray_type() {
  TypeObject& t = *bytearray_type();
  TypeSlots& s = t.slots;
  s.repr = [](Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); };
  s.str = s.repr;
  s.hash = nullptr;
  s.unhashable = true;
  s.len = [](Interpreter&, const Value& v) { return static_cast<int64_t>(data_of(v).size()); };
  s.getitem = &bytearray_getitem;
  s.setitem = &bytearray_setitem;
  s.contains = &bytearray_contains;
  s.compare = &bytearray_compare;
  s.iter = &bytearray_iter;
  s.binary[static_cast<int>(BinOp::Add)] = &bytearray_add;
  s.binary[static_cast<int>(BinOp::Mul)] = &bytearray_mul;
  s.inplace[static_cast<int>(BinOp::Add)] = &bytearray_iadd;
  s.inplace[static_cast<int>(BinOp::Mul)] = &bytearray_imul;
  s.new_ = &bytearray_new;
  add_mutators(t);
  share_bytes_methods(t);
}

}  // namespace backstep::rt
