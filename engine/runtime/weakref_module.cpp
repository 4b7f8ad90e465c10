// The _weakref module (weakref.ref, weakref.proxy, getweakrefcount,
// getweakrefs); weakref.py in the pylib builds WeakValueDictionary,
// WeakKeyDictionary, WeakSet and finalize on it. What a weak reference is
// and when its callback runs: Note [finalizers] in gc_finalizers.cpp.
#include "engine/runtime/weakref_object.h"

#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/gc.h"
#include "engine/runtime/gc_finalizers.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <utility>

namespace backstep::rt {

namespace {

TypeObject* make_type(const char* name) {
  TypeObject* t = new_type(name, "weakref", mutable_types().object);
  return t;
}
TypeObject* ref_type_mut() {
  static TypeObject* t = make_type("ReferenceType");
  return t;
}
TypeObject* proxy_type_mut() {
  static TypeObject* t = make_type("ProxyType");
  return t;
}
TypeObject* callable_proxy_type_mut() {
  static TypeObject* t = make_type("CallableProxyType");
  return t;
}

WeakRefObject& self_of(const Value& v) { return static_cast<WeakRefObject&>(*v.object_ptr()); }

// CPython's rule: instances of classes defined in Python, functions,
// methods, classes, sets, generators and modules can be weakly referenced;
// ints, strings, tuples, lists and dicts cannot.
Object* referenceable(const Value& v) {
  Object* o = v.object_ptr();
  if (!o) return nullptr;
  switch (o->kind()) {
    case ObjKind::Instance:
    case ObjKind::Function:
    case ObjKind::Builtin:
    case ObjKind::BoundMethod:
    case ObjKind::Type:
    case ObjKind::Set:
    case ObjKind::Generator:
    case ObjKind::Module:
      return o;
    default:
      // A user class deriving from a builtin one (class L(list)) has __weakref__.
      return &o->type() != &o->native_type() ? o : nullptr;
  }
}

Object& checked_referent(const Value& v) {
  Object* o = referenceable(v);
  if (!o) raise_type_error(fmt::format("cannot create weak reference to '{}' object", type_name(v)));
  return *o;
}

// weakref.ref(o) and weakref.proxy(o) without a callback are shared, as in CPython.
std::optional<Value> reusable(Object& target, const TypeObject& cls, WeakRefObject::Kind kind) {
  for (const Ref& w : weakrefs_to(target)) {
    auto& r = static_cast<WeakRefObject&>(*w);
    if (r.kind == kind && r.callback.is_none() && &r.type() == &cls) return Value(w);
  }
  return std::nullopt;
}

Value make_weakref(const TypeObject& cls, const Value& target, Value callback, WeakRefObject::Kind kind) {
  Object& o = checked_referent(target);
  if (callback.is_none())
    if (auto shared = reusable(o, cls, kind)) return *shared;
  return Value(std::make_shared<WeakRefObject>(cls, o, std::move(callback), kind));
}

Value ref_new(Interpreter&, TypeObject& cls, Args& a) {
  if (!a.kw.empty()) raise_type_error(fmt::format("{} takes no keyword arguments", "ref()"));
  if (a.pos.empty()) raise_type_error("__new__ expected at least 1 argument, got 0");
  if (a.pos.size() > 2) raise_type_error(fmt::format("__new__ expected at most 2 arguments, got {}", a.pos.size()));
  return make_weakref(cls, a.pos[0], a.pos.size() > 1 ? a.pos[1] : Value(), WeakRefObject::Kind::Ref);
}

void ref_init(Interpreter&, const Value&, Args&) {}

Value ref_call(Interpreter&, const Value& self, Args& a) {
  if (!a.pos.empty() || !a.kw.empty())
    raise_type_error(fmt::format("weakref() takes no arguments ({} given)", a.pos.size() + a.kw.size()));
  Ref r = self_of(self).referent();
  return r ? Value(std::move(r)) : Value();
}

int64_t ref_hash(Interpreter& in, const Value& self) {
  WeakRefObject& w = self_of(self);
  if (w.hash) return *w.hash;
  Ref r = w.referent();
  if (!r) raise_type_error("weak object has gone away");
  w.hash = hash_value(in, Value(std::move(r)));
  return *w.hash;
}

Value ref_compare(Interpreter& in, const Value& a, const Value& b, CmpOp op) {
  if ((op != CmpOp::Eq && op != CmpOp::Ne) || !isinstance(b, *ref_type_mut()) || !isinstance(a, *ref_type_mut()))
    return not_implemented();
  Ref x = self_of(a).referent(), y = self_of(b).referent();
  bool same = (x && y) ? equals(in, Value(std::move(x)), Value(std::move(y))) : is_same(a, b);
  return Value(op == CmpOp::Eq ? same : !same);
}

std::string target_text(const WeakRefObject& w) {
  Ref r = w.referent();
  if (!r) return "dead";
  return fmt::format("to '{}' at {:#x}", r->type().name(), identity(Value(r)));
}

// --- proxies ----------------------------------------------------------------------

Value referent_of_proxy(const Value& v) {
  Ref r = self_of(v).referent();
  if (!r) {
    const Value* t = Interpreter::current().builtin("ReferenceError");
    raise(t && t->as<TypeObject>() ? *t->as<TypeObject>() : *exc_types().exception,
          "weakly-referenced object no longer exists");
  }
  return Value(std::move(r));
}
Value unwrap(const Value& v) {
  Object* o = v.object_ptr();
  if (o && (&o->native_type() == proxy_type_mut() || &o->native_type() == callable_proxy_type_mut()))
    return referent_of_proxy(v);
  return v;
}

template <int Op>
Value proxy_binary(Interpreter& in, const Value& a, const Value& b) {
  return binary(in, static_cast<BinOp>(Op), unwrap(a), unwrap(b));
}
template <int Op>
Value proxy_inplace(Interpreter& in, const Value& a, const Value& b) {
  return inplace_binary(in, static_cast<BinOp>(Op), unwrap(a), unwrap(b));
}
template <size_t... I>
void fill_proxy_operators(TypeSlots& s, std::index_sequence<I...>) {
  ((s.binary[I] = &proxy_binary<static_cast<int>(I)>), ...);
  ((s.inplace[I] = &proxy_inplace<static_cast<int>(I)>), ...);
}

void install_proxy_slots(TypeObject& t, bool callable) {
  TypeSlots& s = t.slots;
  s.repr = [](Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); };
  s.str = [](Interpreter& in, const Value& v) { return str(in, referent_of_proxy(v)); };
  s.unhashable = true;
  s.hash = nullptr;
  s.truth = [](Interpreter& in, const Value& v) { return truthy(in, referent_of_proxy(v)); };
  s.len = [](Interpreter& in, const Value& v) { return length(in, referent_of_proxy(v)); };
  s.getattr = [](Interpreter& in, const Value& v, std::string_view name) {
    return try_get_attr(in, referent_of_proxy(v), name);
  };
  s.setattr = [](Interpreter& in, const Value& v, std::string_view name, const Value* x) {
    if (x) set_attr(in, referent_of_proxy(v), name, *x);
    else del_attr(in, referent_of_proxy(v), name);
  };
  fill_proxy_operators(s, std::make_index_sequence<kBinOpCount>());
  s.compare = [](Interpreter& in, const Value& a, const Value& b, CmpOp op) -> Value {
    return compare(in, op, unwrap(a), unwrap(b));
  };
  s.iter = [](Interpreter& in, const Value& v) { return make_iterator(in, referent_of_proxy(v)); };
  s.contains = [](Interpreter& in, const Value& v, const Value& x) { return contains(in, referent_of_proxy(v), x); };
  s.getitem = [](Interpreter& in, const Value& v, const Value& k) { return get_item(in, referent_of_proxy(v), k); };
  s.setitem = [](Interpreter& in, const Value& v, const Value& k, const Value* x) {
    if (x) set_item(in, referent_of_proxy(v), k, *x);
    else del_item(in, referent_of_proxy(v), k);
  };
  if (callable)
    s.call = [](Interpreter& in, const Value& v, Args& a) { return call(in, referent_of_proxy(v), a); };
  t.set_final(true);
}

Value proxy(Interpreter&, Args& a) {
  expect_args(a, "proxy", 1, 2);
  const Value& target = a.pos[0];
  Value callback = a.pos.size() > 1 ? a.pos[1] : Value();
  bool callable = is_callable(target);
  const TypeObject& cls = callable ? *callable_proxy_type_mut() : *proxy_type_mut();
  return make_weakref(cls, target, std::move(callback),
                      callable ? WeakRefObject::Kind::CallableProxy : WeakRefObject::Kind::Proxy);
}

Value getweakrefcount(Interpreter&, Args& a) {
  expect_args(a, "getweakrefcount", 1, 1);
  Object* o = referenceable(a.pos[0]);
  return Value(static_cast<int64_t>(o ? weakrefs_to(*o).size() : 0));
}

Value getweakrefs(Interpreter&, Args& a) {
  expect_args(a, "getweakrefs", 1, 1);
  std::vector<Value> out;
  if (Object* o = referenceable(a.pos[0]))
    for (Ref& w : weakrefs_to(*o)) out.emplace_back(std::move(w));
  return make_list(std::move(out));
}

}  // namespace

// --- the object ------------------------------------------------------------------------

WeakRefObject::WeakRefObject(const TypeObject& cls, Object& referent, Value cb, Kind k)
    : Object(ObjKind::Other, &cls == &native_type_of(k) ? nullptr : &cls), callback(std::move(cb)), kind(k) {
  gc_track(*this);
  register_weakref(referent, *this);
}

WeakRefObject::~WeakRefObject() { unregister_weakref(*this); }

const TypeObject& WeakRefObject::native_type_of(Kind k) {
  switch (k) {
    case Kind::Ref: return *ref_type_mut();
    case Kind::Proxy: return *proxy_type_mut();
    case Kind::CallableProxy: break;
  }
  return *callable_proxy_type_mut();
}

const TypeObject& WeakRefObject::native_type() const { return native_type_of(kind); }

std::string WeakRefObject::repr(Interpreter&) const {
  return fmt::format("<{} at {:#x}; {}>", is_proxy() ? "weakproxy" : "weakref", address(), target_text(*this));
}

void WeakRefObject::gc_traverse(GcVisitor& v) const {
  Object::gc_traverse(v);
  v.visit(callback);
}
void WeakRefObject::gc_clear() {
  Object::gc_clear();
  Value old = std::move(callback);
  callback = Value();
}

const TypeObject* weakref_type() { return ref_type_mut(); }
const TypeObject* weakproxy_type() { return proxy_type_mut(); }
const TypeObject* weakcallableproxy_type() { return callable_proxy_type_mut(); }

void install_weakref_types() {
  TypeObject& r = *ref_type_mut();
  r.slots.repr = [](Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); };
  r.slots.new_ = &ref_new;
  r.slots.init = &ref_init;
  r.slots.call = &ref_call;
  r.slots.hash = &ref_hash;
  r.slots.compare = &ref_compare;
  add_getset(r, "__callback__", [](Interpreter&, const Value& self) { return self_of(self).callback; });
  install_proxy_slots(*proxy_type_mut(), false);
  install_proxy_slots(*callable_proxy_type_mut(), true);
}

Value make_weakref_module(Interpreter&) {
  auto m = make_module("_weakref");
  m->set("ref", type_value(*ref_type_mut()));
  m->set("ReferenceType", type_value(*ref_type_mut()));
  m->set("ProxyType", type_value(*proxy_type_mut()));
  m->set("CallableProxyType", type_value(*callable_proxy_type_mut()));
  m->def("proxy", proxy);
  m->def("getweakrefcount", getweakrefcount);
  m->def("getweakrefs", getweakrefs);
  return Value(m);
}

}  // namespace backstep::rt
