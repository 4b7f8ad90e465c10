// The object protocol: everything but arithmetic (see py_arith.cpp).
#include "engine/runtime/py_ops.h"

#include "engine/api/tensor_protocol.h"
#include "engine/format/float_repr.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"

#include <fmt/format.h>

#include <cmath>

namespace backstep::rt {

const TypeObject& type_of(const Value& v) {
  const auto& t = types();
  switch (v.kind()) {
    case Value::Kind::None: return *t.none;
    case Value::Kind::Bool: return *t.bool_;
    case Value::Kind::Int: return *t.int_;
    case Value::Kind::Float: return *t.float_;
    case Value::Kind::Tensor: return api::tensor_type(v.as_tensor());
    case Value::Kind::Object: return v.object_ptr()->type();
  }
  return *t.object;
}

std::string type_name(const Value& v) { return type_of(v).name(); }

std::string repr(Interpreter& in, const Value& v) {
  switch (v.kind()) {
    case Value::Kind::None: return "None";
    case Value::Kind::Bool: return v.as_bool() ? "True" : "False";
    case Value::Kind::Int: return std::to_string(v.as_int());
    case Value::Kind::Float: return format::float_repr(v.as_float());
    case Value::Kind::Tensor: return api::tensor_repr(in, v.as_tensor());
    case Value::Kind::Object: return v.object_ptr()->repr(in);
  }
  return "?";
}

std::string str(Interpreter& in, const Value& v) {
  if (v.is_object()) return v.object_ptr()->str(in);
  return repr(in, v);
}

bool truthy(Interpreter& in, const Value& v) {
  switch (v.kind()) {
    case Value::Kind::None: return false;
    case Value::Kind::Bool: return v.as_bool();
    case Value::Kind::Int: return v.as_int() != 0;
    case Value::Kind::Float: return v.as_float() != 0.0;
    case Value::Kind::Tensor: return api::tensor_truthy(v.as_tensor());
    case Value::Kind::Object: break;
  }
  switch (v.object_ptr()->kind()) {
    case ObjKind::Str: return !v.as<StrObject>()->value.empty();
    case ObjKind::List: return !v.as<ListObject>()->items.empty();
    case ObjKind::Tuple: return !v.as<TupleObject>()->items.empty();
    case ObjKind::Dict: return v.as<DictObject>()->size() != 0;
    case ObjKind::Set: return !v.as<SetObject>()->items().empty();
    case ObjKind::Range: return v.as<RangeObject>()->length() != 0;
    default: return true;
  }
  (void)in;
}

bool is_same(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case Value::Kind::None: return true;
    case Value::Kind::Bool: return a.as_bool() == b.as_bool();
    case Value::Kind::Int: return a.as_int() == b.as_int();
    case Value::Kind::Float: return a.as_float() == b.as_float() || (std::isnan(a.as_float()) && std::isnan(b.as_float()));
    case Value::Kind::Tensor: return a.as_tensor().unsafeGetTensorImpl() == b.as_tensor().unsafeGetTensorImpl();
    case Value::Kind::Object: return a.object_ptr() == b.object_ptr();
  }
  return false;
}

uintptr_t identity(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::Tensor: return reinterpret_cast<uintptr_t>(v.as_tensor().unsafeGetTensorImpl());
    case Value::Kind::Object: return v.object_ptr()->address();
    case Value::Kind::None: return 0x1000;
    case Value::Kind::Bool: return v.as_bool() ? 0x1010 : 0x1020;
    default: return static_cast<uintptr_t>(ValueHash()(v)) | 1u;
  }
}

bool equals(Interpreter& in, const Value& a, const Value& b) {
  if (is_same(a, b)) return true;
  if (a.is_tensor() || b.is_tensor()) {
    // Containers compare elements with ==, then bool(): a one-element
    // tensor result is fine, a larger one raises the "ambiguous" error, as
    // in Python.
    return truthy(in, compare(in, CmpOp::Eq, a, b));
  }
  if (a.is_number() && b.is_number()) return ValueKeyEq()(a, b);
  auto* la = a.as<ListObject>();
  auto* lb = b.as<ListObject>();
  auto* ta = a.as<TupleObject>();
  auto* tb = b.as<TupleObject>();
  if ((la && lb) || (ta && tb)) {
    const auto& x = la ? la->items : ta->items;
    const auto& y = lb ? lb->items : tb->items;
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!equals(in, x[i], y[i])) return false;
    return true;
  }
  auto* da = a.as<DictObject>();
  auto* db = b.as<DictObject>();
  if (da && db) {
    if (da->size() != db->size()) return false;
    bool same = true;
    da->for_each([&](const Value& k, const Value& v) {
      const Value* other = db->find(k);
      if (!other || !equals(in, v, *other)) same = false;
    });
    return same;
  }
  auto* sa = a.as<SetObject>();
  auto* sb = b.as<SetObject>();
  if (sa && sb) {
    if (sa->items().size() != sb->items().size()) return false;
    for (const auto& x : sa->items())
      if (!sb->contains(x)) return false;
    return true;
  }
  return ValueKeyEq()(a, b);
}

// --- containers -------------------------------------------------------------

int64_t normalize_index(int64_t index, int64_t length, const char* what) {
  if (index < 0) index += length;
  if (index < 0 || index >= length) raise_index_error(fmt::format("{} index out of range", what));
  return index;
}

int64_t to_index(Interpreter& in, const Value& v, const char* what) {
  if (v.is_int_like()) return v.to_int();
  if (v.is_tensor()) {
    const at::Tensor& t = v.as_tensor();
    if (t.numel() == 1 && !t.is_floating_point() && !t.is_complex()) return t.item<int64_t>();
  }
  (void)in;
  raise_type_error(fmt::format("{} must be integers or slices, not {}", what, type_name(v)));
}

double to_double(Interpreter& in, const Value& v) {
  if (v.is_number()) return v.to_float();
  if (v.is_tensor() && v.as_tensor().numel() == 1) return api::tensor_item(in, v.as_tensor()).to_float();
  raise_type_error(fmt::format("must be real number, not {}", type_name(v)));
}

int64_t length(Interpreter& in, const Value& v) {
  if (v.is_tensor()) return api::tensor_len(v.as_tensor());
  if (v.is_object()) {
    switch (v.object_ptr()->kind()) {
      case ObjKind::Str: {
        int64_t n = 0;  // code points, not bytes
        for (unsigned char c : v.as<StrObject>()->value) n += (c & 0xC0) != 0x80;
        return n;
      }
      case ObjKind::List: return static_cast<int64_t>(v.as<ListObject>()->items.size());
      case ObjKind::Tuple: return static_cast<int64_t>(v.as<TupleObject>()->items.size());
      case ObjKind::Dict: return static_cast<int64_t>(v.as<DictObject>()->size());
      case ObjKind::Set: return static_cast<int64_t>(v.as<SetObject>()->items().size());
      case ObjKind::Range: return v.as<RangeObject>()->length();
      default: break;
    }
  }
  (void)in;
  raise_type_error(fmt::format("object of type '{}' has no len()", type_name(v)));
}

bool contains(Interpreter& in, const Value& container, const Value& item) {
  if (container.is_tensor()) return api::tensor_contains(in, container.as_tensor(), item);
  if (auto* s = container.as<StrObject>()) {
    auto* needle = item.as<StrObject>();
    if (!needle) raise_type_error(fmt::format("'in <string>' requires string as left operand, not {}", type_name(item)));
    return s->value.find(needle->value) != std::string::npos;
  }
  if (auto* d = container.as<DictObject>()) {
    check_hashable(item);
    return d->find(item) != nullptr;
  }
  if (auto* s = container.as<SetObject>()) return s->contains(item);
  if (auto* r = container.as<RangeObject>()) {
    if (!item.is_int_like()) return false;
    int64_t x = item.to_int();
    if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop)) return false;
    return (x - r->start) % r->step == 0;
  }
  bool found = false;
  for_each(in, container, [&](const Value& x) {
    found = equals(in, x, item);
    return !found;
  });
  return found;
}

template <class Seq>
static Value slice_sequence(const std::vector<Value>& items, const SliceObject& s, Seq make) {
  auto b = s.indices(static_cast<int64_t>(items.size()));
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(b.count));
  for (int64_t i = 0, j = b.start; i < b.count; ++i, j += b.step) out.push_back(items[static_cast<size_t>(j)]);
  return make(std::move(out));
}

Value get_item(Interpreter& in, const Value& obj, const Value& key) {
  if (obj.is_tensor()) return api::tensor_get_item(in, obj, key);
  if (auto* l = obj.as<ListObject>()) {
    if (auto* s = key.as<SliceObject>()) return slice_sequence(l->items, *s, make_list);
    int64_t i = normalize_index(to_index(in, key, "list indices"), static_cast<int64_t>(l->items.size()), "list");
    return l->items[static_cast<size_t>(i)];
  }
  if (auto* t = obj.as<TupleObject>()) {
    if (auto* s = key.as<SliceObject>()) {
      auto flavour = t->flavour == TupleObject::Flavour::Size ? TupleObject::Flavour::Size : TupleObject::Flavour::Plain;
      return slice_sequence(t->items, *s, [flavour](std::vector<Value> v) {
        return Value(std::make_shared<TupleObject>(std::move(v), flavour));
      });
    }
    int64_t i = normalize_index(to_index(in, key, "tuple indices"), static_cast<int64_t>(t->items.size()), "tuple");
    return t->items[static_cast<size_t>(i)];
  }
  if (auto* d = obj.as<DictObject>()) {
    check_hashable(key);
    const Value* v = d->find(key);
    if (!v) raise_key_error(key);
    return *v;
  }
  if (auto* s = obj.as<StrObject>()) {
    // Strings index by code point; ASCII is the common case and indexes bytes.
    std::vector<std::string> chars;
    for (size_t i = 0; i < s->value.size();) {
      size_t n = 1;
      unsigned char c = static_cast<unsigned char>(s->value[i]);
      if (c >= 0xF0) n = 4; else if (c >= 0xE0) n = 3; else if (c >= 0xC0) n = 2;
      chars.push_back(s->value.substr(i, n));
      i += n;
    }
    if (auto* sl = key.as<SliceObject>()) {
      auto b = sl->indices(static_cast<int64_t>(chars.size()));
      std::string out;
      for (int64_t i = 0, j = b.start; i < b.count; ++i, j += b.step) out += chars[static_cast<size_t>(j)];
      return make_str(out);
    }
    int64_t i = normalize_index(to_index(in, key, "string indices"), static_cast<int64_t>(chars.size()), "string");
    return make_str(chars[static_cast<size_t>(i)]);
  }
  if (auto* r = obj.as<RangeObject>()) {
    if (auto* sl = key.as<SliceObject>()) {
      auto b = sl->indices(r->length());
      return Value(std::make_shared<RangeObject>(r->at(b.start), r->at(b.start) + b.count * b.step * r->step,
                                                 b.step * r->step));
    }
    return Value(r->at(normalize_index(to_index(in, key, "range indices"), r->length(), "range object")));
  }
  raise_type_error(fmt::format("'{}' object is not subscriptable", type_name(obj)));
}

void set_item(Interpreter& in, const Value& obj, const Value& key, const Value& v) {
  if (obj.is_tensor()) return api::tensor_set_item(in, obj, key, v);
  if (auto* l = obj.as<ListObject>()) {
    if (auto* s = key.as<SliceObject>()) {
      auto b = s->indices(static_cast<int64_t>(l->items.size()));
      std::vector<Value> repl = to_vector(in, v);
      if (b.step == 1) {
        auto first = l->items.begin() + b.start;
        l->items.erase(first, first + b.count);
        l->items.insert(l->items.begin() + b.start, repl.begin(), repl.end());
        return;
      }
      if (static_cast<int64_t>(repl.size()) != b.count)
        raise_value_error(fmt::format("attempt to assign sequence of size {} to extended slice of size {}", repl.size(), b.count));
      for (int64_t i = 0, j = b.start; i < b.count; ++i, j += b.step) l->items[static_cast<size_t>(j)] = repl[static_cast<size_t>(i)];
      return;
    }
    int64_t i = normalize_index(to_index(in, key, "list indices"), static_cast<int64_t>(l->items.size()), "list assignment");
    l->items[static_cast<size_t>(i)] = v;
    return;
  }
  if (auto* d = obj.as<DictObject>()) return d->set(key, v);
  raise_type_error(fmt::format("'{}' object does not support item assignment", type_name(obj)));
}

void del_item(Interpreter& in, const Value& obj, const Value& key) {
  if (auto* l = obj.as<ListObject>()) {
    if (auto* s = key.as<SliceObject>()) {
      auto b = s->indices(static_cast<int64_t>(l->items.size()));
      std::vector<Value> kept;
      std::vector<bool> drop(l->items.size(), false);
      for (int64_t i = 0, j = b.start; i < b.count; ++i, j += b.step) drop[static_cast<size_t>(j)] = true;
      for (size_t i = 0; i < l->items.size(); ++i)
        if (!drop[i]) kept.push_back(l->items[i]);
      l->items = std::move(kept);
      return;
    }
    int64_t i = normalize_index(to_index(in, key, "list indices"), static_cast<int64_t>(l->items.size()), "list assignment");
    l->items.erase(l->items.begin() + i);
    return;
  }
  if (auto* d = obj.as<DictObject>()) {
    if (!d->erase(key)) raise_key_error(key);
    return;
  }
  raise_type_error(fmt::format("'{}' object does not support item deletion", type_name(obj)));
}

// --- attributes and calls ---------------------------------------------------

std::optional<Value> try_get_attr(Interpreter& in, const Value& obj, std::string_view name) {
  if (obj.is_tensor()) return api::tensor_get_attr(in, obj, name);
  if (obj.is_object()) return obj.object_ptr()->get_attr(in, name);
  if (name == "__class__") return type_value(type_of(obj));
  if (obj.is_float()) {
    if (name == "real") return obj;
    if (name == "imag") return Value(0.0);
    if (name == "is_integer")
      return make_builtin("is_integer", [v = obj.as_float()](Interpreter&, Args&) {
        return Value(std::isfinite(v) && v == std::floor(v));
      });
  }
  if (obj.is_int_like() && (name == "real" || name == "numerator")) return Value(obj.to_int());
  return std::nullopt;
}

Value get_attr(Interpreter& in, const Value& obj, std::string_view name) {
  if (auto v = try_get_attr(in, obj, name)) return *v;
  if (obj.is_object()) raise_attribute_error(obj.object_ptr()->attr_error_message(name), obj, name);
  raise_attribute_error(fmt::format("'{}' object has no attribute '{}'", type_name(obj), name), obj, name);
}

void set_attr(Interpreter& in, const Value& obj, std::string_view name, const Value& v) {
  if (obj.is_tensor()) {
    if (api::tensor_set_attr(in, obj, name, v)) return;
    raise_attribute_error(fmt::format("'Tensor' object has no attribute '{}'", name));
  }
  if (obj.is_object() && obj.object_ptr()->set_attr(in, name, v)) return;
  raise_attribute_error(fmt::format("'{}' object has no attribute '{}'", type_name(obj), name));
}

std::vector<std::string> attr_names(Interpreter& in, const Value& obj) {
  (void)in;
  if (obj.is_tensor()) return api::tensor_attr_names();
  if (obj.is_object()) return obj.object_ptr()->attr_names();
  return {};
}

Value call(Interpreter& in, const Value& callee, Args& args, std::shared_ptr<void>* site) {
  if (site)
    if (auto r = api::call_operator_at_site(in, callee, args, site)) return *r;
  if (Object* o = callee.object_ptr(); o && o->callable()) return o->call(in, args);
  raise_type_error(fmt::format("'{}' object is not callable", type_name(callee)));
}

Value call_method(Interpreter& in, const Value& obj, std::string_view name, Args& args, std::shared_ptr<void>* site) {
  if (obj.is_tensor()) {
    if (auto r = api::tensor_call_method(in, obj, name, args, site)) return *r;
  } else if (Object* o = obj.object_ptr()) {
    if (auto r = o->call_method(in, name, args)) return *r;
  }
  Value m = get_attr(in, obj, name);
  return call(in, m, args, site);
}

// --- iteration ---------------------------------------------------------------

void for_each(Interpreter& in, const Value& iterable, const std::function<bool(const Value&)>& f) {
  if (iterable.is_tensor()) return api::tensor_for_each(in, iterable, f);
  if (Object* o = iterable.object_ptr()) {
    switch (o->kind()) {
      case ObjKind::List: {
        // Index-based, so appending inside the loop behaves as in Python.
        auto* l = static_cast<ListObject*>(o);
        auto keep = iterable;
        for (size_t i = 0; i < l->items.size(); ++i)
          if (!f(Value(l->items[i]))) return;
        return;
      }
      case ObjKind::Tuple:
        for (const auto& x : static_cast<TupleObject*>(o)->items)
          if (!f(x)) return;
        return;
      case ObjKind::Range: {
        auto* r = static_cast<RangeObject*>(o);
        for (int64_t i = 0, n = r->length(); i < n; ++i)
          if (!f(Value(r->at(i)))) return;
        return;
      }
      case ObjKind::Dict:
        for (const auto& k : static_cast<DictObject*>(o)->keys())
          if (!f(k)) return;
        return;
      case ObjKind::Set: {
        auto items = static_cast<SetObject*>(o)->items();
        for (const auto& x : items)
          if (!f(x)) return;
        return;
      }
      case ObjKind::Str: {
        const std::string& s = static_cast<StrObject*>(o)->value;
        for (size_t i = 0; i < s.size();) {
          size_t n = 1;
          unsigned char c = static_cast<unsigned char>(s[i]);
          if (c >= 0xF0) n = 4; else if (c >= 0xE0) n = 3; else if (c >= 0xC0) n = 2;
          if (!f(make_str(s.substr(i, n)))) return;
          i += n;
        }
        return;
      }
      case ObjKind::Iterator: {
        auto* it = static_cast<IteratorObject*>(o);
        while (auto v = it->next(in))
          if (!f(*v)) return;
        return;
      }
      default: break;
    }
  }
  raise_type_error(fmt::format("'{}' object is not iterable", type_name(iterable)));
}

std::vector<Value> to_vector(Interpreter& in, const Value& iterable) {
  if (auto* l = iterable.as<ListObject>()) return l->items;
  if (auto* t = iterable.as<TupleObject>()) return t->items;
  std::vector<Value> out;
  for_each(in, iterable, [&](const Value& v) {
    out.push_back(v);
    return true;
  });
  return out;
}

Value make_iterator(Interpreter& in, const Value& iterable) {
  if (iterable.as<IteratorObject>()) return iterable;
  // Materialising keeps the iterator simple; the language has no generators
  // whose laziness could be observed.
  auto items = std::make_shared<std::vector<Value>>(to_vector(in, iterable));
  auto pos = std::make_shared<size_t>(0);
  std::string name = type_name(iterable) + "_iterator";
  return Value(std::make_shared<IteratorObject>(name, [items, pos](Interpreter&) -> std::optional<Value> {
    if (*pos >= items->size()) return std::nullopt;
    return (*items)[(*pos)++];
  }));
}

// --- Object defaults ----------------------------------------------------------

std::string Object::repr(Interpreter&) const {
  return fmt::format("<{} object at {:#x}>", type().qualified_name(), address());
}
std::optional<Value> Object::get_attr(Interpreter&, std::string_view) { return std::nullopt; }
bool Object::set_attr(Interpreter&, std::string_view, const Value&) { return false; }
std::string Object::attr_error_message(std::string_view name) const {
  return fmt::format("'{}' object has no attribute '{}'", type().name(), name);
}
Value Object::call(Interpreter&, Args&) {
  raise_type_error(fmt::format("'{}' object is not callable", type().name()));
}
std::optional<Value> Object::call_method(Interpreter&, std::string_view, Args&) { return std::nullopt; }

}  // namespace backstep::rt
