#include "engine/runtime/objects.h"

#include "engine/runtime/exceptions.h"
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
  for (unsigned char c : s) {
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

std::string ListObject::repr(Interpreter& in) const { return "[" + join_reprs(in, items) + "]"; }

const TypeObject& TupleObject::type() const {
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
  if (items.size() == 1) return "(" + rt::repr(in, items[0]) + ",)";
  return "(" + join_reprs(in, items) + ")";
}

std::string DictObject::repr(Interpreter& in) const {
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
  if (order_.empty()) return "set()";
  return "{" + join_reprs(in, order_) + "}";
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
  auto as_int = [](const Value& v, const char* what) -> int64_t {
    if (v.is_int_like()) return v.to_int();
    raise_type_error(fmt::format("slice indices must be integers or None or have an __index__ method ({})", what));
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
  switch (v.kind()) {
    case Value::Kind::None: return 0x9e3779b9u;
    case Value::Kind::Bool:
    case Value::Kind::Int: return std::hash<int64_t>()(v.to_int());
    case Value::Kind::Float: {
      double d = v.as_float();
      // Integral floats hash like the equal int, so 1.0 and 1 are one key.
      if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.2e18)
        return std::hash<int64_t>()(static_cast<int64_t>(d));
      return std::hash<double>()(d);
    }
    case Value::Kind::Tensor: return std::hash<const void*>()(v.as_tensor().unsafeGetTensorImpl());
    case Value::Kind::Object: break;
  }
  const Object* o = v.object_ptr();
  if (auto* s = v.as<StrObject>()) return std::hash<std::string>()(s->value);
  if (auto* t = v.as<TupleObject>()) {
    size_t h = 0x345678;
    for (const auto& item : t->items) h = h * 1000003u ^ (*this)(item);
    return h;
  }
  return std::hash<const void*>()(o);
}

bool ValueKeyEq::operator()(const Value& a, const Value& b) const {
  if (a.is_number() && b.is_number()) {
    if (a.is_float() || b.is_float()) return a.to_float() == b.to_float();
    return a.to_int() == b.to_int();
  }
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Value::Kind::None: return true;
    case Value::Kind::Tensor: return a.as_tensor().unsafeGetTensorImpl() == b.as_tensor().unsafeGetTensorImpl();
    case Value::Kind::Object: break;
    default: return false;
  }
  if (a.object_ptr() == b.object_ptr()) return true;
  auto* sa = a.as<StrObject>();
  auto* sb = b.as<StrObject>();
  if (sa || sb) return sa && sb && sa->value == sb->value;
  auto* ta = a.as<TupleObject>();
  auto* tb = b.as<TupleObject>();
  if (ta && tb) {
    if (ta->items.size() != tb->items.size()) return false;
    for (size_t i = 0; i < ta->items.size(); ++i)
      if (!(*this)(ta->items[i], tb->items[i])) return false;
    return true;
  }
  return false;
}

void check_hashable(const Value& v) {
  if (v.as<ListObject>() || v.as<DictObject>() || v.as<SetObject>())
    raise_type_error("unhashable type: '" + type_name(v) + "'");
  if (auto* t = v.as<TupleObject>())
    for (const auto& item : t->items) check_hashable(item);
}

// --- dict and set storage ---------------------------------------------------

const Value* DictObject::find(const Value& key) const {
  auto it = index_.find(key);
  return it == index_.end() ? nullptr : &entries_[it->second].value;
}

void DictObject::set(const Value& key, Value value) {
  check_hashable(key);
  auto it = index_.find(key);
  if (it != index_.end()) {
    entries_[it->second].value = std::move(value);
    return;
  }
  index_.emplace(key, entries_.size());
  entries_.push_back(Entry{key, std::move(value), true});
}

bool DictObject::erase(const Value& key) {
  auto it = index_.find(key);
  if (it == index_.end()) return false;
  Entry& e = entries_[it->second];
  e.live = false;
  e.key = Value();
  e.value = Value();
  index_.erase(it);
  // Compact when most entries are dead, keeping insertion order.
  if (entries_.size() > 16 && index_.size() * 2 < entries_.size()) {
    std::vector<Entry> live;
    for (auto& x : entries_)
      if (x.live) live.push_back(std::move(x));
    entries_ = std::move(live);
    index_.clear();
    for (size_t i = 0; i < entries_.size(); ++i) index_.emplace(entries_[i].key, i);
  }
  return true;
}

std::vector<Value> DictObject::keys() const {
  std::vector<Value> out;
  for_each([&](const Value& k, const Value&) { out.push_back(k); });
  return out;
}

void DictObject::clear() {
  entries_.clear();
  index_.clear();
}

void SetObject::add(const Value& v) {
  check_hashable(v);
  if (index_.count(v)) return;
  index_.emplace(v, order_.size());
  order_.push_back(v);
}

bool SetObject::remove(const Value& v) {
  auto it = index_.find(v);
  if (it == index_.end()) return false;
  order_.erase(order_.begin() + static_cast<std::ptrdiff_t>(it->second));
  index_.clear();
  for (size_t i = 0; i < order_.size(); ++i) index_.emplace(order_[i], i);
  return true;
}

}  // namespace backstep::rt
