// The object protocol: everything but arithmetic (see py_arith.cpp). Each
// operation reads the operand's type and calls its slot.
#include "engine/runtime/big_int.h"
#include "engine/runtime/py_ops.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/gc_captures.h"
#include "engine/runtime/function.h"
#include "engine/runtime/hashing.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"

#include <fmt/format.h>

#include <cmath>

namespace backstep::rt {

namespace detail {
TensorClassHook g_tensor_class = nullptr;
}  // namespace detail

void set_tensor_class_hook(TensorClassHook hook) { detail::g_tensor_class = hook; }

std::string type_name(const Value& v) { return type_of(v).name(); }

std::string repr(Interpreter& in, const Value& v) {
  const TypeObject& t = type_of(v);
  if (t.slots.repr) return t.slots.repr(in, v);
  return fmt::format("<{} object at {:#x}>", t.qualified_name(), identity(v));
}

std::string str(Interpreter& in, const Value& v) {
  const TypeObject& t = type_of(v);
  if (t.slots.str) return t.slots.str(in, v);
  return repr(in, v);
}

bool truthy(Interpreter& in, const Value& v) {
  switch (v.kind()) {
    case Value::Kind::None: return false;
    case Value::Kind::Bool: return v.as_bool();
    case Value::Kind::Int: return v.as_int() != 0;
    case Value::Kind::Float: return v.as_float() != 0.0;
    default: break;
  }
  const TypeObject& t = type_of(v);
  if (t.slots.truth) return t.slots.truth(in, v);
  if (t.slots.len) return t.slots.len(in, v) != 0;
  return true;
}

int64_t hash_value(Interpreter& in, const Value& v) {
  switch (v.kind()) {
    case Value::Kind::None: return kNoneHash;  // Note [hash of the singletons]
    case Value::Kind::Bool: return v.as_bool() ? 1 : 0;
    case Value::Kind::Int: return hash_int(v.as_int());
    case Value::Kind::Float: return hash_double(v.as_float(), 0);
    default: break;
  }
  if (const auto* s = v.as<StrObject>(); s && &s->type() == types().str) return s->hash();
  const TypeObject& t = type_of(v);
  if (!t.slots.hash) raise_type_error(fmt::format("unhashable type: '{}'", t.name()));
  return t.slots.hash(in, v);
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
    case Value::Kind::Int: return static_cast<uintptr_t>(hash_int(v.as_int())) << 4 | 1u;
    case Value::Kind::Float: return static_cast<uintptr_t>(hash_double(v.as_float(), 0)) << 4 | 3u;
  }
  return 0;
}

bool equals(Interpreter& in, const Value& a, const Value& b) {
  if (is_same(a, b)) return true;
  if (a.is_number() && b.is_number()) {
    if (a.is_float() || b.is_float()) return a.to_float() == b.to_float();
    return a.to_int() == b.to_int();
  }
  return truthy(in, compare(in, CmpOp::Eq, a, b));
}

// --- containers -------------------------------------------------------------

int64_t normalize_index(int64_t index, int64_t length, const char* what) {
  if (index < 0) index += length;
  if (index < 0 || index >= length) raise_index_error(fmt::format("{} index out of range", what));
  return index;
}

int64_t to_index(Interpreter& in, const Value& v, const char* what) {
  if (v.is_int_like()) return v.to_int();
  const TypeObject& t = type_of(v);
  if (t.slots.index) return index_to_int64(t.slots.index(in, v));
  raise_type_error(fmt::format("{} must be integers or slices, not {}", what, t.name()));
}

double to_double(Interpreter& in, const Value& v) {
  if (v.is_number()) return v.to_float();
  const TypeObject& t = type_of(v);
  if (t.slots.to_float) return t.slots.to_float(in, v).to_float();
  if (t.slots.index) return number_to_double(t.slots.index(in, v));
  raise_type_error(fmt::format("must be real number, not {}", t.name()));
}

int64_t length(Interpreter& in, const Value& v) {
  const TypeObject& t = type_of(v);
  if (!t.slots.len) raise_type_error(fmt::format("object of type '{}' has no len()", t.name()));
  return t.slots.len(in, v);
}

bool contains(Interpreter& in, const Value& container, const Value& item) {
  const TypeObject& t = type_of(container);
  if (t.slots.contains) return t.slots.contains(in, container, item);
  if (!t.slots.iter && !t.slots.getitem)
    raise_type_error(fmt::format("argument of type '{}' is not iterable", t.name()));
  bool found = false;
  for_each(in, container, [&](const Value& x) {
    found = equals(in, x, item);
    return !found;
  });
  return found;
}

Value get_item(Interpreter& in, const Value& obj, const Value& key) {
  const TypeObject& t = type_of(obj);
  if (t.slots.getitem) return t.slots.getitem(in, obj, key);
  // A class subscripted (list[int], Generic[T]): __class_getitem__.
  if (const auto* cls = obj.as<TypeObject>()) {
    if (const Value* cg = cls->lookup("__class_getitem__")) {
      Value bound = bind_descriptor(in, *cg, Value(), *cls);
      return rt::call(in, bound, {key});
    }
    if (cls != types().type) raise_type_error(fmt::format("type '{}' is not subscriptable", cls->name()));
  }
  raise_type_error(fmt::format("'{}' object is not subscriptable", t.name()));
}

void set_item(Interpreter& in, const Value& obj, const Value& key, const Value& v) {
  const TypeObject& t = type_of(obj);
  if (!t.slots.setitem) raise_type_error(fmt::format("'{}' object does not support item assignment", t.name()));
  t.slots.setitem(in, obj, key, &v);
}

void del_item(Interpreter& in, const Value& obj, const Value& key) {
  const TypeObject& t = type_of(obj);
  if (!t.slots.setitem) raise_type_error(fmt::format("'{}' object does not support item deletion", t.name()));
  t.slots.setitem(in, obj, key, nullptr);
}

// --- attributes ----------------------------------------------------------------

std::optional<Value> try_get_attr(Interpreter& in, const Value& obj, std::string_view name) {
  const TypeObject& t = type_of(obj);
  if (t.slots.getattr) return t.slots.getattr(in, obj, name);
  return std::nullopt;
}

void raise_no_attribute(const Value& obj, std::string_view name) {
  if (Object* o = obj.object_ptr()) raise_attribute_error(o->attr_error_message(name), obj, name);
  raise_attribute_error(fmt::format("'{}' object has no attribute '{}'", type_name(obj), name), obj, name);
}

Value get_attr(Interpreter& in, const Value& obj, std::string_view name) {
  if (auto v = try_get_attr(in, obj, name)) return std::move(*v);
  raise_no_attribute(obj, name);
}

void set_attr(Interpreter& in, const Value& obj, std::string_view name, const Value& v) {
  const TypeObject& t = type_of(obj);
  if (!t.slots.setattr) {
    if (t.lookup(name))
      raise_attribute_error(fmt::format("'{}' object attribute '{}' is read-only", t.name(), name));
    raise_no_attribute(obj, name);
  }
  t.slots.setattr(in, obj, name, &v);
}

void del_attr(Interpreter& in, const Value& obj, std::string_view name) {
  const TypeObject& t = type_of(obj);
  if (!t.slots.setattr) raise_no_attribute(obj, name);
  t.slots.setattr(in, obj, name, nullptr);
}

std::vector<std::string> attr_names(Interpreter& in, const Value& obj) {
  (void)in;
  // A class lists its own and its bases' attributes, not its metaclass's; a
  // module its namespace.
  bool own_only = obj.as<TypeObject>() || obj.as<ModuleObject>();
  std::vector<std::string> out = own_only ? std::vector<std::string>() : type_of(obj).attr_names();
  for (const TypeObject* t : type_of(obj).mro())
    if (t->slots.extra_names)
      for (auto& n : t->slots.extra_names()) out.push_back(std::move(n));
  if (Object* o = obj.object_ptr()) {
    for (auto& n : o->attr_names()) out.push_back(std::move(n));
    if (DictObject* d = o->instance_dict())
      d->for_each([&](const Value& k, const Value&) {
        if (auto* s = k.as<StrObject>()) out.push_back(s->value);
      });
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Value bind_descriptor(Interpreter& in, const Value& descr, const Value& obj, const TypeObject& owner) {
  const TypeObject& dt = type_of(descr);
  if (dt.slots.descr_get) return dt.slots.descr_get(in, descr, obj, owner);
  return descr;
}

std::optional<Value> lookup_special(Interpreter& in, const Value& obj, std::string_view name) {
  const TypeObject& t = type_of(obj);
  const Value* d = t.lookup(name);
  if (!d) return std::nullopt;
  return bind_descriptor(in, *d, obj, t);
}

// --- calls -------------------------------------------------------------------------

namespace detail {
thread_local constinit std::shared_ptr<void>* t_site = nullptr;
}  // namespace detail

bool is_callable(const Value& v) { return type_of(v).slots.call != nullptr; }

Value call(Interpreter& in, const Value& callee, Args& args, std::shared_ptr<void>* site) {
  const TypeObject& t = type_of(callee);
  if (!t.slots.call) raise_type_error(fmt::format("'{}' object is not callable", t.name()));
  SiteScope scope(site);
  return t.slots.call(in, callee, args);
}

Value call_method(Interpreter& in, const Value& obj, std::string_view name, Args& args, std::shared_ptr<void>* site) {
  const TypeObject& t = type_of(obj);
  if (t.slots.call_method) {
    SiteScope scope(site);
    if (auto r = t.slots.call_method(in, obj, name, args)) return std::move(*r);
  }
  Value m = get_attr(in, obj, name);
  return call(in, m, args, site);
}

// --- iteration ------------------------------------------------------------------

Value make_iterator(Interpreter& in, const Value& iterable) {
  const TypeObject& t = type_of(iterable);
  if (t.slots.iter) {
    Value it = t.slots.iter(in, iterable);
    if (!type_of(it).slots.next)
      raise_type_error(fmt::format("iter() returned non-iterator of type '{}'", type_name(it)));
    return it;
  }
  if (t.slots.getitem) {
    // The old sequence protocol: obj[0], obj[1], ... until IndexError.
    auto index = std::make_shared<int64_t>(0);
    auto box = make_gc_captures({iterable});  // Note [captures of C++ closures]
    auto it = std::make_shared<IteratorObject>("iterator", [box, index](Interpreter& in) -> std::optional<Value> {
      if (box->released()) return std::nullopt;
      try {
        return get_item(in, box->values[0], Value((*index)++));
      } catch (ScriptError& e) {
        if (e.type().is_subtype_of(*exc_types().index_error) || e.type().is_subtype_of(*exc_types().stop_iteration))
          return std::nullopt;
        throw;
      }
    });
    gc_register_captures(*it, std::move(box));
    return Value(it);
  }
  raise_type_error(fmt::format("'{}' object is not iterable", t.name()));
}

std::optional<Value> iterator_next(Interpreter& in, const Value& iterator) {
  const TypeObject& t = type_of(iterator);
  if (!t.slots.next) raise_type_error(fmt::format("'{}' object is not an iterator", t.name()));
  return t.slots.next(in, iterator);
}

void for_each(Interpreter& in, const Value& iterable, const std::function<bool(const Value&)>& f) {
  // Exact lists, tuples and ranges are walked in place (no iterator object);
  // a list by index, so appending inside the loop behaves as in Python.
  if (Object* o = iterable.object_ptr()) {
    const TypeObject* t = &o->type();
    if (t == types().list) {
      auto* l = static_cast<ListObject*>(o);
      Value keep = iterable;
      for (size_t i = 0; i < l->items.size(); ++i)
        if (!f(Value(l->items[i]))) return;
      return;
    }
    if (t == types().tuple || t == types().size) {
      for (const auto& x : static_cast<TupleObject*>(o)->items)
        if (!f(x)) return;
      return;
    }
    if (t == types().range) {
      auto* r = static_cast<RangeObject*>(o);
      for (int64_t i = 0, n = r->length(); i < n; ++i)
        if (!f(Value(r->at(i)))) return;
      return;
    }
  }
  Value it = make_iterator(in, iterable);
  const TypeObject& it_type = type_of(it);
  while (true) {
    in.check_interrupt();
    std::optional<Value> v = it_type.slots.next(in, it);
    if (!v || !f(*v)) return;
  }
}

std::vector<Value> to_vector(Interpreter& in, const Value& iterable) {
  if (Object* o = iterable.object_ptr()) {
    const TypeObject* t = &o->type();
    if (t == types().list) return static_cast<ListObject*>(o)->items;
    if (t == types().tuple) return static_cast<TupleObject*>(o)->items;
  }
  std::vector<Value> out;
  for_each(in, iterable, [&](const Value& v) {
    out.push_back(v);
    return true;
  });
  return out;
}

// --- repr recursion ----------------------------------------------------------------

NativeRecursion::NativeRecursion(Interpreter& in, const char* where) : in_(in) { in.enter_native_recursion(where); }
NativeRecursion::~NativeRecursion() { in_.leave_native_recursion(); }

ReprGuard::ReprGuard(Interpreter& in, const void* obj) : in_(in), obj_(obj) {
  in.enter_native_recursion(" while getting the repr of an object");
  auto& active = in.repr_active();
  recursive_ = !active.insert(obj).second;
  if (recursive_) obj_ = nullptr;
}

ReprGuard::~ReprGuard() {
  if (obj_) in_.repr_active().erase(obj_);
  in_.leave_native_recursion();
}

// --- Object defaults ----------------------------------------------------------------

const TypeObject& Object::native_type() const { return *types().object; }
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
