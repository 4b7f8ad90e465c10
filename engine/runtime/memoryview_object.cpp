// memoryview over bytes, bytearray and other memoryviews, as CPython's
// memoryobject.c for one-dimensional views: len, indexing and slicing (a
// slice is a view on the same memory), item and slice assignment through a
// bytearray's view, iteration, ==, hash of read-only views, tobytes,
// tolist, hex, cast between the native single-character formats,
// toreadonly, release and the context manager, with CPython's messages.
//
// Note [memoryview memory]
// A view keeps the object it reads (bytes or bytearray) and reads its
// bytes through bytes_data each time: `start` is the byte offset of item 0,
// `stride` the byte distance between items (negative for [::-1]). CPython
// refuses to resize a bytearray while a view exists; backstep does not
// track exports, so a view on a bytearray that shrank raises IndexError on
// reads past the end instead.
#include "engine/runtime/big_int.h"
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/context_manager.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/hashing.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/iterator_types.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cstring>

namespace backstep::rt {
namespace {

TypeObject* memoryview_type();

class MemoryviewObject : public Object, public ContextManager {
 public:
  MemoryviewObject(Value obj, bool readonly, int64_t start, int64_t stride, int64_t count, char format, int itemsize)
      : Object(ObjKind::Other, memoryview_type()), obj(std::move(obj)), readonly(readonly), start(start),
        stride(stride), count(count), format(format), itemsize(itemsize) {}
  std::string repr(Interpreter&) const override {
    return fmt::format("<{}memory at {:#x}>", released ? "released " : "", address());
  }
  Value enter(Interpreter&) override { return Value(shared_from_this()); }
  bool exit(Interpreter&, const ScriptError*) override {
    released = true;
    return false;
  }

  void check() const {
    if (released) raise_value_error("operation forbidden on released memoryview object");
  }
  // The bytes of item i (0 <= i < count).
  const char* item(int64_t i) const {
    const std::string& d = *bytes_data(obj);
    int64_t at = start + i * stride;
    if (at < 0 || at + itemsize > static_cast<int64_t>(d.size())) raise_index_error("index out of bounds on dimension 1");
    return d.data() + at;
  }
  std::string bytes() const {
    std::string out;
    for (int64_t i = 0; i < count; ++i) out.append(item(i), static_cast<size_t>(itemsize));
    return out;
  }

  const Value obj;
  const bool readonly;
  const int64_t start, stride, count;
  const char format;
  const int itemsize;
  bool released = false;
};

TypeObject* memoryview_type() {
  static TypeObject* t = new_type("memoryview", "", mutable_types().object);
  return t;
}

MemoryviewObject& view(const Value& v) {
  auto& mv = *static_cast<MemoryviewObject*>(v.object_ptr());
  mv.check();
  return mv;
}

int format_size(char f) {
  switch (f) {
    case 'B': case 'b': case 'c': case '?': return 1;
    case 'H': case 'h': return 2;
    case 'I': case 'i': case 'f': return 4;
    case 'L': case 'l': case 'Q': case 'q': case 'd': case 'N': case 'n': return 8;
    default: return 0;
  }
}

template <class T>
T load(const char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

Value unpack(char f, const char* p) {
  switch (f) {
    case 'B': return Value(int64_t(static_cast<unsigned char>(*p)));
    case 'b': return Value(int64_t(static_cast<signed char>(*p)));
    case 'c': return make_bytes(std::string(p, 1));
    case '?': return Value(*p != 0);
    case 'H': return Value(int64_t(load<uint16_t>(p)));
    case 'h': return Value(int64_t(load<int16_t>(p)));
    case 'I': return Value(int64_t(load<uint32_t>(p)));
    case 'i': return Value(int64_t(load<int32_t>(p)));
    case 'f': return Value(double(load<float>(p)));
    case 'd': return Value(load<double>(p));
    case 'l': case 'q': case 'n': return Value(load<int64_t>(p));
    default: {  // 'L', 'Q', 'N'
      uint64_t u = load<uint64_t>(p);
      if (u <= uint64_t(INT64_MAX)) return Value(int64_t(u));
      return big_int_literal(std::to_string(u));
    }
  }
}

template <class T>
std::string bytes_of(T v) {
  std::string out(sizeof v, '\0');
  std::memcpy(out.data(), &v, sizeof v);
  return out;
}

// One item's bytes from a Python value (memoryview assignment), with
// CPython's checks: ints in the format's range, numbers for 'f'/'d', a
// one-byte bytes for 'c', anything for '?'.
std::string pack(Interpreter& in, char f, const Value& v) {
  auto invalid = [&] { raise_value_error(fmt::format("memoryview: invalid value for format '{}'", f)); };
  auto wrong_type = [&] { raise_type_error(fmt::format("memoryview: invalid type for format '{}'", f)); };
  switch (f) {
    case 'c': {
      const std::string* b = bytes_data(v);
      if (!b || b->size() != 1) invalid();
      return *b;
    }
    case '?': return std::string(1, truthy(in, v) ? '\1' : '\0');
    case 'f': case 'd': {
      if (!v.is_number() && !type_of(v).slots.to_float) wrong_type();
      double d = to_double(in, v);
      return f == 'f' ? bytes_of(static_cast<float>(d)) : bytes_of(d);
    }
    default: break;
  }
  if (!v.is_int_like() && !is_big_int(v) && !type_of(v).slots.index) wrong_type();
  bool unsigned_format = f == 'B' || f == 'H' || f == 'I' || f == 'L' || f == 'Q' || f == 'N';
  if (is_big_int(v)) {  // only 2**63 .. 2**64-1 fits, in an unsigned 8-byte format
    std::string text = repr(in, v);
    if (!unsigned_format || format_size(f) != 8 || text[0] == '-' || text.size() > 20 ||
        (text.size() == 20 && text > "18446744073709551615"))
      invalid();
    return bytes_of(static_cast<uint64_t>(std::stoull(text)));
  }
  int64_t n = to_index(in, v);
  int bits = 8 * format_size(f);
  if (unsigned_format ? (n < 0 || (bits < 64 && n >= (int64_t(1) << bits)))
                      : (bits < 64 && (n < -(int64_t(1) << (bits - 1)) || n >= (int64_t(1) << (bits - 1)))))
    invalid();
  std::string out(static_cast<size_t>(format_size(f)), '\0');
  std::memcpy(out.data(), &n, out.size());  // little-endian: the low bytes
  return out;
}

int64_t item_index(Interpreter& in, const MemoryviewObject& mv, const Value& key) {
  if (!key.is_int_like() && !type_of(key).slots.index) raise_type_error("memoryview: invalid slice key");
  int64_t i = to_index(in, key);
  if (i < 0) i += mv.count;
  if (i < 0 || i >= mv.count) raise_index_error("index out of bounds on dimension 1");
  return i;
}

Value sub_view(const MemoryviewObject& mv, const SliceObject& sl) {
  auto b = sl.indices(mv.count);
  return Value(std::make_shared<MemoryviewObject>(mv.obj, mv.readonly, mv.start + b.start * mv.stride,
                                                  mv.stride * b.step, b.count, mv.format, mv.itemsize));
}

Value memoryview_getitem(Interpreter& in, const Value& self, const Value& key) {
  auto& mv = view(self);
  if (auto* sl = key.as<SliceObject>()) return sub_view(mv, *sl);
  if (key.as<TupleObject>()) raise_type_error("memoryview: invalid slice key");
  return unpack(mv.format, mv.item(item_index(in, mv, key)));
}

void memoryview_setitem(Interpreter& in, const Value& self, const Value& key, const Value* v) {
  auto& mv = view(self);
  if (mv.readonly) raise_type_error("cannot modify read-only memory");
  if (!v) raise_type_error("cannot delete memory");
  auto& data = const_cast<std::string&>(*bytes_data(mv.obj));  // a writable view's obj is a bytearray
  if (auto* sl = key.as<SliceObject>()) {
    auto b = sl->indices(mv.count);
    const std::string* src = bytes_data(*v);
    std::string copy;
    if (auto* other = dynamic_cast<MemoryviewObject*>(v->object_ptr())) {
      other->check();
      if (other->format != mv.format || other->count != b.count)
        raise_value_error("memoryview assignment: lvalue and rvalue have different structures");
      copy = other->bytes();
    } else if (!src) {
      raise_type_error(fmt::format("a bytes-like object is required, not '{}'", type_name(*v)));
    } else {
      if (static_cast<int64_t>(src->size()) != b.count * mv.itemsize)
        raise_value_error("memoryview assignment: lvalue and rvalue have different structures");
      copy = *src;
    }
    for (int64_t i = 0; i < b.count; ++i) {
      int64_t at = mv.start + (b.start + i * b.step) * mv.stride;
      data.replace(static_cast<size_t>(at), static_cast<size_t>(mv.itemsize), copy, static_cast<size_t>(i * mv.itemsize),
                   static_cast<size_t>(mv.itemsize));
    }
    return;
  }
  int64_t i = item_index(in, mv, key);
  std::string bytes = pack(in, mv.format, *v);
  data.replace(static_cast<size_t>(mv.start + i * mv.stride), bytes.size(), bytes);
}

Value memoryview_new(Interpreter& in, TypeObject&, Args& a) {
  static const char* const names[] = {"object"};
  (void)in;
  if (a.pos.size() + a.kw.size() != 1 || (a.kw.size() == 1 && a.kw[0].name != names[0]))
    raise_type_error(a.kw.size() == 1 ? fmt::format("memoryview() got an unexpected keyword argument '{}'", a.kw[0].name)
                                      : fmt::format("memoryview() takes exactly one argument ({} given)",
                                                    a.pos.size() + a.kw.size()));
  const Value& obj = a.pos.empty() ? a.kw[0].value : a.pos[0];
  if (auto* other = dynamic_cast<MemoryviewObject*>(obj.object_ptr())) {
    other->check();
    return Value(std::make_shared<MemoryviewObject>(other->obj, other->readonly, other->start, other->stride,
                                                    other->count, other->format, other->itemsize));
  }
  const std::string* d = bytes_data(obj);
  if (!d) raise_type_error(fmt::format("memoryview: a bytes-like object is required, not '{}'", type_name(obj)));
  bool readonly = obj.as<BytesObject>() != nullptr;
  return Value(std::make_shared<MemoryviewObject>(obj, readonly, 0, 1, static_cast<int64_t>(d->size()), 'B', 1));
}

Value memoryview_compare(Interpreter& in, const Value& a, const Value& b, CmpOp op) {
  if (op != CmpOp::Eq && op != CmpOp::Ne) return not_implemented();
  auto as_items = [&](const Value& v) -> std::optional<std::vector<Value>> {
    if (auto* mv = dynamic_cast<MemoryviewObject*>(v.object_ptr())) {
      if (mv->released) return std::nullopt;
      std::vector<Value> out;
      for (int64_t i = 0; i < mv->count; ++i) out.push_back(unpack(mv->format, mv->item(i)));
      return out;
    }
    if (const std::string* d = bytes_data(v)) {
      std::vector<Value> out;
      for (char c : *d) out.push_back(Value(int64_t(static_cast<unsigned char>(c))));
      return out;
    }
    return std::nullopt;
  };
  if (a.object_ptr() == b.object_ptr()) return Value(op == CmpOp::Eq);
  auto x = as_items(a), y = as_items(b);
  if (!x || !y) {
    auto* mva = dynamic_cast<MemoryviewObject*>(a.object_ptr());
    auto* mvb = dynamic_cast<MemoryviewObject*>(b.object_ptr());
    if ((mva && mva->released) || (mvb && mvb->released)) return Value(op == CmpOp::Ne);
    return not_implemented();
  }
  bool same = x->size() == y->size();
  for (size_t i = 0; same && i < x->size(); ++i) same = equals(in, (*x)[i], (*y)[i]);
  return Value(same == (op == CmpOp::Eq));
}

Value memoryview_iter(Interpreter&, const Value& self) {
  Value keep = self;
  view(self);
  auto pos = std::make_shared<int64_t>(0);
  return named_iterator(std::make_shared<IteratorObject>("memory_iterator", [keep, pos](Interpreter&) -> std::optional<Value> {
    auto& mv = view(keep);
    if (*pos >= mv.count) return std::nullopt;
    return unpack(mv.format, mv.item((*pos)++));
  }));
}

// memoryview.cast(format[, shape]): one-dimensional casts of a C-contiguous
// view, between a byte format and any native format.
Value memoryview_cast(Interpreter&, const Value& self, Args& a) {
  auto& mv = view(self);
  expect_args(a, "cast", 1, 2);
  auto* f = a.pos[0].as<StrObject>();
  if (!f) raise_type_error("memoryview: format argument must be a string");
  std::string fmt_text = f->value;
  if (fmt_text.size() == 2 && fmt_text[0] == '@') fmt_text.erase(0, 1);
  char to = fmt_text.size() == 1 ? fmt_text[0] : '\0';
  int size = format_size(to);
  if (!size)
    raise_value_error("memoryview: destination format must be a native single character format prefixed with an optional '@'");
  if (mv.stride != mv.itemsize) raise_type_error("memoryview: casts are restricted to C-contiguous views");
  auto is_byte = [](char c) { return c == 'B' || c == 'b' || c == 'c'; };
  if (!is_byte(mv.format) && !is_byte(to)) raise_type_error("memoryview: cannot cast between two non-byte formats");
  int64_t nbytes = mv.count * mv.itemsize;
  if (nbytes % size) raise_type_error("memoryview: length is not a multiple of itemsize");
  if (a.pos.size() > 1) {
    auto* shape = a.pos[1].as<TupleObject>();
    auto* list = a.pos[1].as<ListObject>();
    size_t dims = shape ? shape->items.size() : list ? list->items.size() : 0;
    if (!shape && !list) raise_type_error("shape must be a list or a tuple");
    if (dims != 1) raise_not_implemented("memoryview: multi-dimensional casts are not supported by backstep");
  }
  return Value(std::make_shared<MemoryviewObject>(mv.obj, mv.readonly, mv.start, size, nbytes / size, to, size));
}

void add_memoryview_methods(TypeObject& t) {
  add_method(t, "tobytes", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "tobytes", 0, 1);
    return make_bytes(view(self).bytes());
  });
  add_method(t, "tolist", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "tolist", 0, 0);
    auto& mv = view(self);
    std::vector<Value> out;
    for (int64_t i = 0; i < mv.count; ++i) out.push_back(unpack(mv.format, mv.item(i)));
    return make_list(std::move(out));
  });
  add_method(t, "hex", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "hex", 0, 0);
    std::string out;
    for (unsigned char c : view(self).bytes()) out += fmt::format("{:02x}", c);
    return make_str(std::move(out));
  });
  add_method(t, "release", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "release", 0, 0);
    static_cast<MemoryviewObject*>(self.object_ptr())->released = true;
    return Value();
  });
  add_method(t, "toreadonly", [](Interpreter&, const Value& self, Args& a) -> Value {
    expect_args(a, "toreadonly", 0, 0);
    auto& mv = view(self);
    return Value(std::make_shared<MemoryviewObject>(mv.obj, true, mv.start, mv.stride, mv.count, mv.format, mv.itemsize));
  });
  add_method(t, "cast", &memoryview_cast);
  add_method(t, "__enter__", [](Interpreter&, const Value& self, Args&) -> Value {
    view(self);
    return self;
  });
  add_method(t, "__exit__", [](Interpreter&, const Value& self, Args&) -> Value {
    static_cast<MemoryviewObject*>(self.object_ptr())->released = true;
    return Value(false);
  });
}

void add_memoryview_attributes(TypeObject& t) {
  add_getset(t, "obj", [](Interpreter&, const Value& self) { return view(self).obj; });
  add_getset(t, "readonly", [](Interpreter&, const Value& self) { return Value(view(self).readonly); });
  add_getset(t, "nbytes", [](Interpreter&, const Value& self) { return Value(view(self).count * view(self).itemsize); });
  add_getset(t, "itemsize", [](Interpreter&, const Value& self) { return Value(int64_t(view(self).itemsize)); });
  add_getset(t, "format", [](Interpreter&, const Value& self) { return make_str(std::string(1, view(self).format)); });
  add_getset(t, "ndim", [](Interpreter&, const Value& self) { return (view(self), Value(int64_t(1))); });
  add_getset(t, "shape", [](Interpreter&, const Value& self) { return make_tuple({Value(view(self).count)}); });
  add_getset(t, "strides", [](Interpreter&, const Value& self) { return make_tuple({Value(view(self).stride)}); });
  auto contiguous = [](Interpreter&, const Value& self) {
    auto& mv = view(self);
    return Value(mv.count <= 1 || mv.stride == mv.itemsize);
  };
  add_getset(t, "c_contiguous", contiguous);
  add_getset(t, "f_contiguous", contiguous);
  add_getset(t, "contiguous", contiguous);
}

int64_t memoryview_hash(Interpreter&, const Value& v) {
  auto& mv = view(v);
  if (!mv.readonly) raise_value_error("cannot hash writable memoryview object");
  if (mv.format != 'B' && mv.format != 'b' && mv.format != 'c')
    raise_value_error("memoryview: hashing is restricted to formats 'B', 'b' or 'c'");
  std::string d = mv.bytes();
  return pyhash::hash_bytes(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(d.data()), d.size()));
}

}  // namespace

void install_memoryview_type(Interpreter& in) {
  static TypeObject& t = [] () -> TypeObject& {
    TypeObject& type = *memoryview_type();
    type.set_final(true);
    TypeSlots& s = type.slots;
    s.repr = [](Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); };
    s.len = [](Interpreter&, const Value& v) { return view(v).count; };
    s.getitem = &memoryview_getitem;
    s.setitem = &memoryview_setitem;
    s.compare = &memoryview_compare;
    s.iter = &memoryview_iter;
    s.new_ = &memoryview_new;
    s.hash = &memoryview_hash;
    add_memoryview_methods(type);
    add_memoryview_attributes(type);
    add_slot_wrappers(type);
    return type;
  }();
  in.set_builtin("memoryview", type_value(t));
}

}  // namespace backstep::rt
