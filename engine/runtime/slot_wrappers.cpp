// The dunder methods of builtin classes, made from their slots: list.__len__,
// int.__add__ and int.__radd__, object.__setattr__, dict.__getitem__, ...
// (CPython's slot wrappers). A script calls them directly
// (`object.__setattr__(self, name, v)`, `super().__getitem__(k)`), and a
// user class that inherits one inherits the slot function itself (see
// refresh_slots in slot_dispatch.cpp).
#include "engine/runtime/descriptors.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::rt {

namespace {

using Fn = MethodDescriptor::Fn;

void add_wrapper(TypeObject& t, const std::string& name, SlotId slot, int op, Fn fn) {
  t.dict().set_str(name, Value(std::make_shared<MethodDescriptor>(name, &t, std::move(fn), slot, op)));
}

void expect_count(const Args& a, const std::string& name, size_t n) {
  expect_no_kwargs(a, name.c_str());
  if (a.pos.size() == n) return;
  if (n == 0) raise_type_error(fmt::format("expected 0 arguments, got {}", a.pos.size()));
  raise_type_error(fmt::format("expected {} argument{}, got {}", n, n == 1 ? "" : "s", a.pos.size()));
}

const char* kUnaryNames[] = {"__neg__", "__pos__", "__invert__"};
const char* kCompareNames[] = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"};

std::string str_arg(const Value& v, const char* what) {
  auto* s = v.as<StrObject>();
  if (!s) raise_type_error(fmt::format("{} must be string, not '{}'", what, type_name(v)));
  return s->value;
}

void add_protocol_wrappers(TypeObject& t, const TypeSlots* base) {
  const TypeObject* owner = &t;
  const TypeSlots& s = t.slots;
  auto differs = [&](auto member) { return s.*member && (!base || base->*member != s.*member); };
  if (differs(&TypeSlots::repr))
    add_wrapper(t, "__repr__", SlotId::Repr, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__repr__", 0);
      return make_str(owner->slots.repr(in, self));
    });
  if (differs(&TypeSlots::str))
    add_wrapper(t, "__str__", SlotId::Str, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__str__", 0);
      return make_str(owner->slots.str(in, self));
    });
  if (differs(&TypeSlots::format))
    add_wrapper(t, "__format__", SlotId::Format, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__format__", 1);
      return make_str(owner->slots.format(in, self, str_arg(a.pos[0], "format_spec")));
    });
  if (s.unhashable && (!base || !base->unhashable)) {
    t.dict().set_str("__hash__", Value());
  } else if (differs(&TypeSlots::hash)) {
    add_wrapper(t, "__hash__", SlotId::Hash, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__hash__", 0);
      return Value(owner->slots.hash(in, self));
    });
  }
  if (differs(&TypeSlots::truth))
    add_wrapper(t, "__bool__", SlotId::Bool, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__bool__", 0);
      return Value(owner->slots.truth(in, self));
    });
  if (differs(&TypeSlots::len))
    add_wrapper(t, "__len__", SlotId::Len, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__len__", 0);
      return Value(owner->slots.len(in, self));
    });
}

void add_attribute_wrappers(TypeObject& t, const TypeSlots* base) {
  const TypeObject* owner = &t;
  const TypeSlots& s = t.slots;
  if (s.getattr && (!base || base->getattr != s.getattr))
    add_wrapper(t, "__getattribute__", SlotId::GetAttribute, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__getattribute__", 1);
      std::string name = str_arg(a.pos[0], "attribute name");
      if (auto v = owner->slots.getattr(in, self, name)) return *v;
      raise_no_attribute(self, name);
    });
  if (s.setattr && (!base || base->setattr != s.setattr)) {
    add_wrapper(t, "__setattr__", SlotId::SetAttr, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__setattr__", 2);
      owner->slots.setattr(in, self, str_arg(a.pos[0], "attribute name"), &a.pos[1]);
      return Value();
    });
    add_wrapper(t, "__delattr__", SlotId::DelAttr, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__delattr__", 1);
      owner->slots.setattr(in, self, str_arg(a.pos[0], "attribute name"), nullptr);
      return Value();
    });
  }
}

void add_operator_wrappers(TypeObject& t, const TypeSlots* base) {
  const TypeObject* owner = &t;
  const TypeSlots& s = t.slots;
  for (size_t i = 0; i < kBinOpCount; ++i) {
    BinOp op = static_cast<BinOp>(i);
    if (s.binary[i] && (!base || base->binary[i] != s.binary[i])) {
      add_wrapper(t, binop_dunder(op), SlotId::Binary, static_cast<int>(i),
                  [owner, i](Interpreter& in, const Value& self, Args& a) {
                    expect_count(a, binop_dunder(static_cast<BinOp>(i)), 1);
                    return owner->slots.binary[i](in, self, a.pos[0]);
                  });
      add_wrapper(t, binop_reflected_dunder(op), SlotId::RBinary, static_cast<int>(i),
                  [owner, i](Interpreter& in, const Value& self, Args& a) {
                    expect_count(a, binop_reflected_dunder(static_cast<BinOp>(i)), 1);
                    return owner->slots.binary[i](in, a.pos[0], self);
                  });
    }
    if (s.inplace[i] && (!base || base->inplace[i] != s.inplace[i]))
      add_wrapper(t, binop_inplace_dunder(op), SlotId::InPlace, static_cast<int>(i),
                  [owner, i](Interpreter& in, const Value& self, Args& a) {
                    expect_count(a, binop_inplace_dunder(static_cast<BinOp>(i)), 1);
                    return owner->slots.inplace[i](in, self, a.pos[0]);
                  });
  }
  if (s.compare && (!base || base->compare != s.compare))
    for (int op = 0; op < 6; ++op)
      add_wrapper(t, kCompareNames[op], SlotId::Compare, op, [owner, op](Interpreter& in, const Value& self, Args& a) {
        expect_count(a, kCompareNames[op], 1);
        return owner->slots.compare(in, self, a.pos[0], static_cast<CmpOp>(op));
      });
  for (size_t i = 0; i < kUnaryOpCount; ++i)
    if (s.unary[i] && (!base || base->unary[i] != s.unary[i]))
      add_wrapper(t, kUnaryNames[i], SlotId::Unary, static_cast<int>(i),
                  [owner, i](Interpreter& in, const Value& self, Args& a) {
                    expect_count(a, kUnaryNames[i], 0);
                    return owner->slots.unary[i](in, self);
                  });
}

void add_container_wrappers(TypeObject& t, const TypeSlots* base) {
  const TypeObject* owner = &t;
  const TypeSlots& s = t.slots;
  auto differs = [&](auto member) { return s.*member && (!base || base->*member != s.*member); };
  if (differs(&TypeSlots::iter))
    add_wrapper(t, "__iter__", SlotId::Iter, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__iter__", 0);
      return owner->slots.iter(in, self);
    });
  if (differs(&TypeSlots::next))
    add_wrapper(t, "__next__", SlotId::Next, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__next__", 0);
      if (auto v = owner->slots.next(in, self)) return *v;
      raise(*exc_types().stop_iteration, "");
    });
  if (differs(&TypeSlots::contains))
    add_wrapper(t, "__contains__", SlotId::Contains, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__contains__", 1);
      return Value(owner->slots.contains(in, self, a.pos[0]));
    });
  if (differs(&TypeSlots::getitem))
    add_wrapper(t, "__getitem__", SlotId::GetItem, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__getitem__", 1);
      return owner->slots.getitem(in, self, a.pos[0]);
    });
  if (differs(&TypeSlots::setitem)) {
    add_wrapper(t, "__setitem__", SlotId::SetItem, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__setitem__", 2);
      owner->slots.setitem(in, self, a.pos[0], &a.pos[1]);
      return Value();
    });
    add_wrapper(t, "__delitem__", SlotId::DelItem, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__delitem__", 1);
      owner->slots.setitem(in, self, a.pos[0], nullptr);
      return Value();
    });
  }
  if (differs(&TypeSlots::call))
    add_wrapper(t, "__call__", SlotId::Call, 0,
                [owner](Interpreter& in, const Value& self, Args& a) { return owner->slots.call(in, self, a); });
}

void add_lifecycle_wrappers(TypeObject& t, const TypeSlots* base) {
  const TypeObject* owner = &t;
  const TypeSlots& s = t.slots;
  auto differs = [&](auto member) { return s.*member && (!base || base->*member != s.*member); };
  if (differs(&TypeSlots::descr_get))
    add_wrapper(t, "__get__", SlotId::Get, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      if (a.pos.empty() || a.pos.size() > 2) raise_type_error("expected 1 or 2 arguments");
      const Value& obj = a.pos[0];
      const TypeObject* cls = a.pos.size() > 1 ? a.pos[1].as<TypeObject>() : nullptr;
      if (obj.is_none() && !cls) raise_type_error("__get__(None, None) is invalid");
      return owner->slots.descr_get(in, self, obj.is_none() ? unbound() : obj, cls ? *cls : type_of(obj));
    });
  if (differs(&TypeSlots::descr_set)) {
    add_wrapper(t, "__set__", SlotId::Set, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__set__", 2);
      owner->slots.descr_set(in, self, a.pos[0], &a.pos[1]);
      return Value();
    });
    add_wrapper(t, "__delete__", SlotId::Delete, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      expect_count(a, "__delete__", 1);
      owner->slots.descr_set(in, self, a.pos[0], nullptr);
      return Value();
    });
  }
  if (differs(&TypeSlots::index))
    add_wrapper(t, "__index__", SlotId::Index, 0,
                [owner](Interpreter& in, const Value& self, Args&) { return owner->slots.index(in, self); });
  if (differs(&TypeSlots::to_int))
    add_wrapper(t, "__int__", SlotId::Int, 0,
                [owner](Interpreter& in, const Value& self, Args&) { return owner->slots.to_int(in, self); });
  if (differs(&TypeSlots::to_float))
    add_wrapper(t, "__float__", SlotId::Float, 0,
                [owner](Interpreter& in, const Value& self, Args&) { return owner->slots.to_float(in, self); });
  if (differs(&TypeSlots::new_))
    add_wrapper(t, "__new__", SlotId::New, 0, [owner](Interpreter& in, const Value& cls_value, Args& a) {
      auto* cls = cls_value.as<TypeObject>();
      if (!cls)
        raise_type_error(fmt::format("{}.__new__(X): X is not a type object ({})", owner->name(), type_name(cls_value)));
      if (!cls->is_subtype_of(*owner))
        raise_type_error(fmt::format("{}.__new__({}): {} is not a subtype of {}", owner->name(), cls->name(),
                                     cls->name(), owner->name()));
      return owner->slots.new_(in, *cls, a);
    });
  if (differs(&TypeSlots::init))
    add_wrapper(t, "__init__", SlotId::Init, 0, [owner](Interpreter& in, const Value& self, Args& a) {
      owner->slots.init(in, self, a);
      return Value();
    });
}

}  // namespace

void add_slot_wrappers(TypeObject& t) {
  const TypeSlots* base = t.base() ? &t.base()->slots : nullptr;
  add_protocol_wrappers(t, base);
  add_attribute_wrappers(t, base);
  add_operator_wrappers(t, base);
  add_container_wrappers(t, base);
  add_lifecycle_wrappers(t, base);
}

}  // namespace backstep::rt
