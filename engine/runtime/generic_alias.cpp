// PEP 585 and PEP 604 on builtin classes: list[int], dict[str, int],
// type[C] make a types.GenericAlias; int | None makes a types.UnionType.
// Both classes are written in Python (engine/pylib/types.py); the builtins
// reach them through the types module, imported on first use.
#include "engine/runtime/builtin_slots.h"
#include "engine/runtime/descriptors.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

namespace backstep::rt {

namespace {

Value from_types_module(Interpreter& in, const char* name) {
  return get_attr(in, in.import_module("types"), name);
}

// cls.__class_getitem__(item): types.GenericAlias(cls, item).
Value class_getitem(Interpreter& in, Args& a) {
  expect_args(a, "__class_getitem__", 2, 2);
  return call(in, from_types_module(in, "_PyGenericAlias"), {a.pos[0], a.pos[1]});
}

// type.__or__ and type.__ror__: the slot sees the operands in source order
// whichever of them is the class.
Value type_or(Interpreter& in, const Value& left, const Value& right) {
  return call(in, from_types_module(in, "_union_or"), {left, right});
}

}  // namespace

void install_generic_alias() {
  auto& t = mutable_types();
  for (TypeObject* cls : {t.list, t.dict, t.tuple, t.set, t.frozenset, t.type}) {
    Value fn = make_builtin("__class_getitem__", &class_getitem);
    cls->dict().set_str("__class_getitem__", Value(std::make_shared<ClassMethodObject>(t.classmethod, fn)));
  }
  t.type->slots.binary[static_cast<int>(BinOp::BitOr)] = &type_or;
}

}  // namespace backstep::rt
