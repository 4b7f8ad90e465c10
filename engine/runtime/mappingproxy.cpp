#include "engine/runtime/mappingproxy.h"

#include "engine/runtime/builtin_slots.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/gc.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::rt {

namespace {

TypeObject* proxy_type() {
  static TypeObject* t = new_type("mappingproxy", "", mutable_types().object);
  return t;
}

class MappingProxyObject : public Object {
 public:
  static bool is_instance(const Object& o) { return &o.type() == proxy_type(); }
  explicit MappingProxyObject(Value m) : Object(ObjKind::Other), mapping(std::move(m)) { gc_track(*this); }
  // `d["view"] = types.MappingProxyType(d)` is a cycle (Note [cycle collection]).
  void gc_traverse(GcVisitor& v) const override {
    Object::gc_traverse(v);
    v.visit(mapping);
  }
  const TypeObject& native_type() const override { return *proxy_type(); }
  std::string repr(Interpreter& in) const override { return "mappingproxy(" + rt::repr(in, mapping) + ")"; }

  const Value mapping;
};

const Value& target(const Value& v) { return static_cast<MappingProxyObject*>(v.object_ptr())->mapping; }

Value proxy_new(Interpreter& in, TypeObject&, Args& a) {
  const Value* m = arg_or_kw(a, 0, "mapping");
  if (a.pos.size() + a.kw.size() != 1 || !m)
    raise_type_error(fmt::format("mappingproxy() takes exactly one argument ({} given)", a.pos.size() + a.kw.size()));
  const TypeObject& t = type_of(*m);
  if (!t.slots.getitem || m->as<ListObject>() || m->as<TupleObject>())
    raise_type_error(fmt::format("mappingproxy() argument must be a mapping, not {}", t.name()));
  (void)in;
  return make_mappingproxy(*m);
}

// The methods a proxy passes on to its mapping.
void forward(TypeObject& t, const char* name) {
  std::string method = name;
  add_method(t, name, [method](Interpreter& in, const Value& self, Args& a) {
    return call_method(in, target(self), method, a);
  });
}

}  // namespace

const TypeObject* mappingproxy_type() { return proxy_type(); }

Value make_mappingproxy(Value mapping) { return Value(std::make_shared<MappingProxyObject>(std::move(mapping))); }

void install_mappingproxy_type() {
  TypeObject& t = *proxy_type();
  TypeSlots& s = t.slots;
  s.repr = [](Interpreter& in, const Value& v) { return v.object_ptr()->repr(in); };
  s.str = [](Interpreter& in, const Value& v) { return str(in, target(v)); };
  s.len = [](Interpreter& in, const Value& v) { return length(in, target(v)); };
  s.getitem = [](Interpreter& in, const Value& v, const Value& key) { return get_item(in, target(v), key); };
  s.contains = [](Interpreter& in, const Value& v, const Value& key) { return contains(in, target(v), key); };
  s.iter = [](Interpreter& in, const Value& v) { return make_iterator(in, target(v)); };
  s.compare = [](Interpreter& in, const Value& a, const Value& b, CmpOp op) -> Value {
    if (!a.as<MappingProxyObject>()) return not_implemented();
    return rt::compare(in, op, target(a), b);
  };
  s.unhashable = true;
  s.hash = nullptr;
  s.binary[static_cast<int>(BinOp::BitOr)] = [](Interpreter& in, const Value& a, const Value& b) -> Value {
    Value x = a.as<MappingProxyObject>() ? target(a) : a;
    Value y = b.as<MappingProxyObject>() ? target(b) : b;
    if (!x.as<DictObject>() || !y.as<DictObject>()) return not_implemented();
    Args none;
    return binary(in, BinOp::BitOr, call_method(in, x, "copy", none), y);
  };
  s.new_ = &proxy_new;
  t.set_final(true);
  for (const char* name : {"keys", "values", "items", "get", "copy"}) forward(t, name);
  forward(t, "__reversed__");
}

}  // namespace backstep::rt
