#include "engine/runtime/class_builder.h"

#include "engine/runtime/class_slots.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/gc_session_classes.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"
#include "engine/runtime/script_function.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {

TypeObject& winning_metaclass(TypeObject& meta, const std::vector<Value>& bases) {
  TypeObject* winner = &meta;
  for (const Value& b : bases) {
    auto* t = const_cast<TypeObject*>(&type_of(b));
    if (winner->is_subtype_of(*t)) continue;
    if (t->is_subtype_of(*winner)) {
      winner = t;
      continue;
    }
    raise_type_error(
        "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses "
        "of all its bases");
  }
  return *winner;
}

namespace {

// The builtin layout instances of the new class have: object's, or the one
// builtin class (list, dict, an exception, ...) among the bases' layouts.
const TypeObject* solid_base(const std::vector<TypeObject*>& bases) {
  const TypeObject* solid = types().object;
  for (const TypeObject* b : bases) {
    const TypeObject* l = b->layout_base();
    if (!l || l == types().object) continue;
    if (solid == types().object || l->is_subtype_of(*solid)) {
      solid = l;
      continue;
    }
    if (solid->is_subtype_of(*l)) continue;
    raise_type_error("multiple bases have instance lay-out conflict");
  }
  return solid;
}

std::vector<TypeObject*> checked_bases(const Value& bases_value) {
  auto* tuple = bases_value.as<TupleObject>();
  if (!tuple) raise_type_error(fmt::format("type.__new__() argument 2 must be tuple, not {}", type_name(bases_value)));
  std::vector<TypeObject*> bases;
  for (const Value& b : tuple->items) {
    auto* t = b.as<TypeObject>();
    if (!t) raise_type_error(fmt::format("bases must be types"));
    if (t->is_final()) raise_type_error(fmt::format("type '{}' is not an acceptable base type", t->qualified_name()));
    if (std::find(bases.begin(), bases.end(), t) != bases.end())
      raise_type_error(fmt::format("duplicate base class {}", t->name()));
    bases.push_back(t);
  }
  if (bases.empty()) bases.push_back(mutable_types().object);
  return bases;
}

// Functions that Python makes implicit static/class methods.
void wrap_implicit(TypeObject& cls) {
  auto wrap = [&](const char* name, TypeObject* kind) {
    const Value* v = cls.dict().find_str(name);
    if (!v || !v->as<ScriptFunction>()) return;
    Value f = *v;
    Value wrapped = kind == types().staticmethod ? Value(std::make_shared<StaticMethodObject>(kind, f))
                                                 : Value(std::make_shared<ClassMethodObject>(kind, f));
    cls.dict().set_str(name, wrapped);
  };
  wrap("__new__", mutable_types().staticmethod);
  wrap("__init_subclass__", mutable_types().classmethod);
  wrap("__class_getitem__", mutable_types().classmethod);
  // A class that defines __eq__ and not __hash__ is unhashable.
  if (cls.dict().find_str("__eq__") && !cls.dict().find_str("__hash__")) cls.dict().set_str("__hash__", Value());
  if (!cls.dict().find_str("__doc__")) cls.dict().set_str("__doc__", Value());
}

void call_set_name(Interpreter& in, TypeObject& cls) {
  // A snapshot: __set_name__ may add class attributes.
  std::vector<std::pair<Value, Value>> items;
  cls.dict().for_each([&](const Value& k, const Value& v) { items.emplace_back(k, v); });
  Value cls_value = type_value(cls);
  for (const auto& [k, v] : items) {
    auto m = lookup_special(in, v, "__set_name__");
    if (!m) continue;
    try {
      call(in, *m, {cls_value, k});
    } catch (ScriptError& e) {
      auto wrapped = std::make_shared<ExceptionObject>(
          *exc_types().runtime_error,
          std::vector<Value>{make_str(fmt::format("Error calling __set_name__ on '{}' instance {} in '{}'",
                                                  type_name(v), repr(in, k), cls.name()))});
      wrapped->cause = Value(std::static_pointer_cast<Object>(e.exception()));
      wrapped->context = wrapped->cause;
      throw ScriptError(wrapped);
    }
  }
}

void call_init_subclass(Interpreter& in, TypeObject& cls, Args& kwargs) {
  // super(cls, cls).__init_subclass__(**kwargs): the first definition after cls.
  const auto& mro = cls.mro();
  for (size_t i = 1; i < mro.size(); ++i) {
    const Value* f = mro[i]->dict().find_str("__init_subclass__");
    if (!f) continue;
    Value bound = bind_descriptor(in, *f, unbound(), cls);
    call(in, bound, kwargs);
    return;
  }
}

}  // namespace

Value type_new(Interpreter& in, TypeObject& meta, Args& args) {
  if (args.pos.size() != 3)
    raise_type_error(fmt::format("type.__new__() takes exactly 3 arguments ({} given)", args.pos.size()));
  auto* name = args.pos[0].as<StrObject>();
  if (!name) raise_type_error(fmt::format("type.__new__() argument 1 must be str, not {}", type_name(args.pos[0])));
  auto* ns = args.pos[2].as<DictObject>();
  if (!ns) raise_type_error(fmt::format("type.__new__() argument 3 must be dict, not {}", type_name(args.pos[2])));
  std::vector<TypeObject*> bases = checked_bases(args.pos[1]);
  std::vector<Value> base_values;
  for (TypeObject* b : bases) base_values.push_back(type_value(*b));
  TypeObject& winner = winning_metaclass(meta, base_values);
  if (&winner != &meta && winner.slots.new_ != meta.slots.new_) return winner.slots.new_(in, winner, args);

  const TypeObject* solid = solid_base(bases);
  TypeObject* cls = new_type(name->value, "", bases);
  gc_note_session_class(in, *cls);  // Note [a session's classes]
  cls->set_class(&winner);
  cls->set_heap_type(true);
  cls->set_mro(compute_mro(cls, bases));
  cls->set_instance_kind(solid->instance_kind());
  cls->set_layout_base(solid);

  Value cell;
  ns->for_each([&](const Value& k, const Value& v) {
    auto* key = k.as<StrObject>();
    if (!key) return;
    if (key->value == "__qualname__") {
      auto* q = v.as<StrObject>();
      if (!q) raise_type_error(fmt::format("type __qualname__ must be a str, not {}", type_name(v)));
      cls->set_qualname(q->value);
    } else if (key->value == "__classcell__") {
      cell = v;
    } else {
      cls->dict().set_str(key->value, v);
    }
  });
  cls->set_instances_have_dict(apply_slots(in, *cls, bases));
  // type(name, bases, dict) takes the calling module's name, as CPython does.
  if (!cls->dict().find_str("__module__")) cls->dict().set_str("__module__", in.module_name());
  if (const Value* m = cls->dict().find_str("__module__"))
    if (auto* s = m->as<StrObject>()) cls->set_module(s->value);
  wrap_implicit(*cls);
  cls->refresh_slots();
  Value cls_value = type_value(*cls);
  if (auto* c = cell.as<CellObject>()) {
    c->value = cls_value;
    c->bound = true;
  }
  call_set_name(in, *cls);
  Args kwargs;
  kwargs.kw = args.kw;
  call_init_subclass(in, *cls, kwargs);
  return cls_value;
}

}  // namespace backstep::rt
