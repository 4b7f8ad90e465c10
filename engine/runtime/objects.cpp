#include "engine/runtime/big_int.h"
#include "engine/runtime/objects.h"

#include "engine/runtime/deep_release.h"
#include "engine/runtime/unicode_printable.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/hashing.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cmath>
#include <functional>

namespace backstep::rt {

Value make_tuple(std::vector<Value> items) { return Value(std::make_shared<TupleObject>(std::move(items))); }
Value make_list(std::vector<Value> items) { return Value(std::make_shared<ListObject>(std::move(items))); }
Value make_str(std::string s) { return Value(std::make_shared<StrObject>(std::move(s))); }
Value make_size(c10::IntArrayRef sizes) {
  std::vector<Value> items;
  items.reserve(sizes.size());
  for (int64_t s : sizes) items.emplace_back(s);
  return Value(std::make_shared<TupleObject>(std::move(items), TupleObject::Flavour::Size));
}

const Value& ellipsis() {
  static const Value* e = new Value(std::make_shared<EllipsisObject>());
  return *e;
}

// --- repr ----------------------------------------------------------------

std::string python_string_repr(std::string_view s) {
  bool has_single = s.find('\'') != std::string_view::npos;
  bool has_double = s.find('"') != std::string_view::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  std::string out(1, quote);
  for (size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      // Characters Python does not count as printable (controls, format
      // characters, separators, unassigned and private-use code points,
      // lone surrogates) are escaped, as CPython's repr does.
      size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
      uint32_t cp = n == 4 ? c & 0x07 : n == 3 ? c & 0x0F : n == 2 ? c & 0x1F : c;
      for (size_t k = 1; k < n && i + k < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
      if (n == 1 || i + n > s.size() || is_printable_code_point(cp)) {
        out.append(s.substr(i, std::min(n, s.size() - i)));
      } else {
        out += cp < 0x100 ? fmt::format("\\x{:02x}", cp) : cp < 0x10000 ? fmt::format("\\u{:04x}", cp) : fmt::format("\\U{:08x}", cp);
      }
      i += std::min(n, s.size() - i) - 1;
      continue;
    }
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c == static_cast<unsigned char>(quote)) {
          out += '\\';
          out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7f) {
          out += fmt::format("\\x{:02x}", c);
        } else {
          out += static_cast<char>(c);  // UTF-8 bytes of printable characters pass through
        }
    }
  }
  return out + quote;
}

std::string StrObject::repr(Interpreter&) const { return python_string_repr(value); }

static std::string join_reprs(Interpreter& in, const std::vector<Value>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    out += rt::repr(in, items[i]);
  }
  return out;
}

ListObject::~ListObject() { release_items(items); }

// A tuple's items are const for everyone else; its destructor may take them.
TupleObject::~TupleObject() { release_items(const_cast<std::vector<Value>&>(items)); }

std::string ListObject::repr(Interpreter& in) const {
  ReprGuard guard(in, this);
  if (guard.recursive()) return "[...]";
  return "[" + join_reprs(in, items) + "]";
}

const TypeObject& TupleObject::native_type() const {
  if (flavour == Flavour::Size) return *types().size;
  if (flavour == Flavour::Named && named_type) return *named_type;
  return *types().tuple;
}

std::string TupleObject::repr(Interpreter& in) const {
  if (flavour == Flavour::Size) return "torch.Size([" + join_reprs(in, items) + "])";
  if (flavour == Flavour::Named) {
    // PyTorch's structseq repr puts every field on its own line.
    std::string out = (named_type ? named_type->qualified_name() : std::string("namedtuple")) + "(";
    for (size_t i = 0; i < items.size(); ++i)
      out += (i ? ",\n" : "\n") + (i < field_names.size() ? field_names[i] : "?") + "=" + rt::repr(in, items[i]);
    return out + ")";
  }
  ReprGuard guard(in, this);
  if (guard.recursive()) return "(...)";
  if (items.size() == 1) return "(" + rt::repr(in, items[0]) + ",)";
  return "(" + join_reprs(in, items) + ")";
}

std::string DictObject::repr(Interpreter& in) const {
  ReprGuard guard(in, this);
  if (guard.recursive()) return "{...}";
  std::string out = "{";
  bool first = true;
  for_each([&](const Value& k, const Value& v) {
    if (!first) out += ", ";
    first = false;
    out += rt::repr(in, k) + ": " + rt::repr(in, v);
  });
  return out + "}";
}

std::string SetObject::repr(Interpreter& in) const {
  const std::string& name = type().name();
  bool exact = &type() == types().set;
  if (size() == 0) return name + "()";
  std::string body = "{" + join_reprs(in, items()) + "}";
  return exact ? body : name + "(" + body + ")";
}

std::string SliceObject::repr(Interpreter& in) const {
  return "slice(" + rt::repr(in, start) + ", " + rt::repr(in, stop) + ", " + rt::repr(in, step) + ")";
}

std::string RangeObject::repr(Interpreter&) const {
  if (step == 1) return fmt::format("range({}, {})", start, stop);
  return fmt::format("range({}, {}, {})", start, stop, step);
}

std::string IteratorObject::repr(Interpreter&) const {
  return fmt::format("<{} object at {:#x}>", type_name_, address());
}

// --- slices and ranges ----------------------------------------------------

SliceObject::Bounds SliceObject::indices(int64_t length) const {
  auto as_int = [](const Value& v, const char*) -> int64_t {
    if (v.is_int_like()) return v.to_int();
    if (type_of(v).slots.index) return index_clamped(type_of(v).slots.index(Interpreter::current(), v));
    raise_type_error("slice indices must be integers or None or have an __index__ method");
  };
  int64_t st = step.is_none() ? 1 : as_int(step, "step");
  if (st == 0) raise_value_error("slice step cannot be zero");
  int64_t lo, hi;
  if (st > 0) {
    lo = start.is_none() ? 0 : as_int(start, "start");
    hi = stop.is_none() ? length : as_int(stop, "stop");
    if (lo < 0) lo = std::max<int64_t>(0, lo + length);
    if (hi < 0) hi = std::max<int64_t>(0, hi + length);
    lo = std::min(lo, length);
    hi = std::min(hi, length);
  } else {
    lo = start.is_none() ? length - 1 : as_int(start, "start");
    hi = stop.is_none() ? -1 : as_int(stop, "stop");
    if (lo < 0) lo = std::max<int64_t>(-1, lo + length);
    else lo = std::min(lo, length - 1);
    if (!stop.is_none() && hi < 0) hi = std::max<int64_t>(-1, hi + length);
    else if (!stop.is_none()) hi = std::min(hi, length - 1);
  }
  int64_t count = 0;
  if (st > 0 && hi > lo) count = (hi - lo + st - 1) / st;
  if (st < 0 && lo > hi) count = (lo - hi + (-st) - 1) / (-st);
  return {lo, hi, st, count};
}

std::optional<Value> SliceObject::get_attr(Interpreter&, std::string_view name) {
  if (name == "start") return start;
  if (name == "stop") return stop;
  if (name == "step") return step;
  return std::nullopt;
}

int64_t RangeObject::length() const {
  if (step > 0 && stop > start) return (stop - start + step - 1) / step;
  if (step < 0 && stop < start) return (start - stop - step - 1) / (-step);
  return 0;
}

std::optional<Value> RangeObject::get_attr(Interpreter&, std::string_view name) {
  if (name == "start") return Value(start);
  if (name == "stop") return Value(stop);
  if (name == "step") return Value(step);
  return std::nullopt;
}

// --- hashing ---------------------------------------------------------------

size_t ValueHash::operator()(const Value& v) const {
  return static_cast<size_t>(hash_value(Interpreter::current(), v));
}

bool ValueKeyEq::operator()(const Value& a, const Value& b) const {
  if (is_same(a, b)) return true;
  return equals(Interpreter::current(), a, b);
}

int64_t StrObject::hash() const {
  if (hash_ == -1) hash_ = hash_str(value);
  return hash_;
}

std::optional<Value> unbox_number(const Value& v) {
  if (v.is_number()) return v;
  if (auto* b = v.as<BoxedNumber>()) return b->value;
  if (v.as<BigIntObject>()) return v;
  return std::nullopt;
}

// --- dict views ---------------------------------------------------------------

bool DictViewObject::is_instance(const Object& o) {
  const TypeObject* t = &o.type();
  return t == types().dict_keys || t == types().dict_values || t == types().dict_items;
}

const TypeObject& DictViewObject::native_type() const {
  switch (which) {
    case Which::Keys: return *types().dict_keys;
    case Which::Values: return *types().dict_values;
    case Which::Items: break;
  }
  return *types().dict_items;
}

std::vector<Value> DictViewObject::snapshot() const {
  std::vector<Value> out;
  out.reserve(dict->size());
  dict->for_each([&](const Value& k, const Value& v) {
    switch (which) {
      case Which::Keys: out.push_back(k); break;
      case Which::Values: out.push_back(v); break;
      case Which::Items: out.push_back(make_tuple({k, v})); break;
    }
  });
  return out;
}

std::string DictViewObject::repr(Interpreter& in) const {
  return native_type().name() + "(" + rt::repr(in, make_list(snapshot())) + ")";
}

}  // namespace backstep::rt
