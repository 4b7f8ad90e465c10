// bytes: the object, its slots (repr, hash, len, iteration, indexing, +, *,
// in, comparison) and its constructor, as CPython's bytesobject.c.
#include "engine/runtime/bytes_object.h"

#include "engine/pyhash/py_hash.h"
#include "engine/runtime/big_int.h"
#include "engine/runtime/bytearray_object.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/iterator_types.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/repetition.h"
#include "engine/runtime/three_way.h"

#include <fmt/format.h>

#include <cstring>
#include <span>

namespace backstep::rt {

TypeObject* bytes_type() {
  static TypeObject* t = new_type("bytes", "", mutable_types().object);
  return t;
}

std::string bytes_repr(std::string_view s) {
  bool has_single = s.find('\'') != std::string::npos, has_double = s.find('"') != std::string::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  std::string out = "b";
  out += quote;
  for (unsigned char c : s) {
    if (c == '\\' || c == static_cast<unsigned char>(quote)) {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c >= 0x7F) {
      out += fmt::format("\\x{:02x}", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + quote;
}

bool BytesObject::is_instance(const Object& o) {
  return o.kind() == ObjKind::Other && dynamic_cast<const BytesObject*>(&o) != nullptr;
}

std::string BytesObject::repr(Interpreter&) const { return bytes_repr(data); }

Value make_bytes(std::string data) { return Value(std::make_shared<BytesObject>(std::move(data))); }

const std::string* bytes_data(const Value& v) {
  if (auto* b = v.as<BytesObject>()) return &b->data;
  if (auto* ba = v.as<BytearrayObject>()) return &ba->data;
  return nullptr;
}

const std::string& bytes_arg(const Value& v) {
  const std::string* d = bytes_data(v);
  if (!d) raise_type_error(fmt::format("a bytes-like object is required, not '{}'", type_name(v)));
  return *d;
}

Value byte_iterator(const Value& self, const char* type_name) {
  auto pos = std::make_shared<size_t>(0);
  Value keep = self;
  return named_iterator(std::make_shared<IteratorObject>(type_name, [keep, pos](Interpreter&) -> std::optional<Value> {
    const std::string& d = *bytes_data(keep);
    if (*pos >= d.size()) return std::nullopt;
    return Value(int64_t(static_cast<unsigned char>(d[(*pos)++])));
  }));
}

namespace {

const std::string& bytes_object_data(const Value& v) { return static_cast<BytesObject*>(v.object_ptr())->data; }

// One byte from an int argument, with CPython's range check.
char bytes_item_byte(Interpreter& in, const Value& v) {
  if (!v.is_int_like() && !is_big_int(v) && !type_of(v).slots.index)
    raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  if (is_big_int(v)) raise_value_error("bytes must be in range(0, 256)");
  int64_t n = to_index(in, v);
  if (n < 0 || n > 255) raise_value_error("bytes must be in range(0, 256)");
  return static_cast<char>(n);
}

Value bytes_getitem(Interpreter& in, const Value& self, const Value& key) {
  const std::string& d = bytes_object_data(self);
  if (auto* sl = key.as<SliceObject>()) {
    auto b = sl->indices(static_cast<int64_t>(d.size()));
    std::string out;
    for (int64_t i = 0, k = b.start; i < b.count; ++i, k += b.step) out += d[static_cast<size_t>(k)];
    return make_bytes(std::move(out));
  }
  if (!key.is_int_like() && !type_of(key).slots.index)
    raise_type_error(fmt::format("byte indices must be integers or slices, not {}", type_name(key)));
  if (is_big_int(key)) raise_index_error("cannot fit 'int' into an index-sized integer");
  int64_t i = to_index(in, key), n = static_cast<int64_t>(d.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) raise_index_error("index out of range");
  return Value(int64_t(static_cast<unsigned char>(d[static_cast<size_t>(i)])));
}

bool bytes_contains(Interpreter& in, const Value& self, const Value& item) {
  const std::string& d = bytes_object_data(self);
  if (const std::string* sub = bytes_data(item)) return d.find(*sub) != std::string::npos;
  if (!item.is_int_like() && !is_big_int(item) && !type_of(item).slots.index)
    raise_type_error(fmt::format("a bytes-like object is required, not '{}'", type_name(item)));
  if (is_big_int(item) || to_index(in, item) < 0 || to_index(in, item) > 255)
    raise_value_error("byte must be in range(0, 256)");
  return d.find(static_cast<char>(to_index(in, item))) != std::string::npos;
}

Value bytes_compare(Interpreter&, const Value& a, const Value& b, CmpOp op) {
  const std::string* x = bytes_data(a);
  const std::string* y = bytes_data(b);
  if (!x || !y) return not_implemented();
  int c = x->compare(*y);
  if (!is_ordering(op)) return not_implemented();
  return three_way_answers(c, op);
}

Value bytes_add(Interpreter&, const Value& a, const Value& b) {
  const std::string* x = bytes_data(a);
  const std::string* y = bytes_data(b);
  if (x && y) return make_bytes(*x + *y);
  if (x) raise_type_error(fmt::format("can't concat {} to bytes", type_name(b)));
  return not_implemented();
}

Value bytes_mul(Interpreter& in, const Value& a, const Value& b) {
  const std::string* d = bytes_data(a) ? bytes_data(a) : bytes_data(b);
  const Value& n = bytes_data(a) ? b : a;
  if (!d || (!n.is_int_like() && !type_of(n).slots.index)) return not_implemented();
  if (is_big_int(n)) raise_overflow("cannot fit 'int' into an index-sized integer");
  return make_bytes(repeat_string(*d, to_index(in, n)));
}

Value bytes_iter(Interpreter&, const Value& self) { return byte_iterator(self, "bytes_iterator"); }

// bytes(), bytes(n), bytes(iterable of ints), bytes(str, encoding), bytes(b).
Value bytes_new(Interpreter& in, TypeObject& cls, Args& a) {
  const Value* src = arg_or_kw(a, 0, "source");
  const Value* encoding = arg_or_kw(a, 1, "encoding");
  std::string out;
  if (!src) {
    if (encoding) raise_type_error("encoding without a string argument");
  } else if (auto* s = src->as<StrObject>()) {
    if (!encoding) raise_type_error("string argument without an encoding");
    Args enc{*encoding};
    if (const Value* errors = arg_or_kw(a, 2, "errors")) enc.pos.push_back(*errors);
    out = bytes_object_data(call_method(in, *src, "encode", enc));
    (void)s;
  } else if (encoding) {
    raise_type_error("encoding without a string argument");
  } else if (const std::string* d = bytes_data(*src)) {
    out = *d;
  } else if (src->is_int_like() || is_big_int(*src)) {
    if (is_big_int(*src)) raise_overflow("cannot fit 'int' into an index-sized integer");
    int64_t n = src->to_int();
    if (n < 0) raise_value_error("negative count");
    out.assign(static_cast<size_t>(n), '\0');
  } else if (type_of(*src).slots.iter) {
    for_each(in, *src, [&](const Value& item) {
      out += bytes_item_byte(in, item);
      return true;
    });
  } else {
    raise_type_error(fmt::format("cannot convert '{}' object to bytes", type_name(*src)));
  }
  if (&cls == bytes_type()) return make_bytes(std::move(out));
  auto obj = std::make_shared<BytesObject>(std::move(out));
  obj->set_class(&cls);
  return Value(obj);
}

}  // namespace

void install_bytes_type() {
  TypeObject& t = *bytes_type();
  TypeSlots& s = t.slots;
  s.repr = [](Interpreter&, const Value& v) { return bytes_repr(bytes_object_data(v)); };
  s.str = s.repr;
  s.hash = [](Interpreter&, const Value& v) -> int64_t {
    const std::string& d = bytes_object_data(v);
    return pyhash::hash_bytes(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(d.data()), d.size()));
  };
  s.len = [](Interpreter&, const Value& v) { return static_cast<int64_t>(bytes_object_data(v).size()); };
  s.getitem = &bytes_getitem;
  s.contains = &bytes_contains;
  s.compare = &bytes_compare;
  s.iter = &bytes_iter;
  s.binary[static_cast<int>(BinOp::Add)] = &bytes_add;
  s.binary[static_cast<int>(BinOp::Mul)] = &bytes_mul;
  s.new_ = &bytes_new;
  install_bytes_methods(t);
}

}  // namespace backstep::rt
