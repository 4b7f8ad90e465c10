// Making classes: type.__new__ (what a `class` statement and
// type(name, bases, dict) end in) with CPython's rules -- the metaclass
// that wins, C3 MRO, the builtin layout instances get, __set_name__,
// __init_subclass__, the implicit staticmethod/classmethod wrapping.
#pragma once

#include "engine/runtime/object.h"
#include "engine/runtime/type_object.h"

namespace backstep::rt {

// type.__new__(meta, name, bases, namespace, **kwargs).
Value type_new(Interpreter& in, TypeObject& meta, Args& args);

// The metaclass a class with these bases gets when `meta` is asked for
// (CPython's _PyType_CalculateMetaclass); raises "metaclass conflict".
TypeObject& winning_metaclass(TypeObject& meta, const std::vector<Value>& bases);

// Calls the dunder `name` found on type(self) with self prepended to
// `args` (a function is called directly, anything else is bound first).
// nullopt when the class has no such attribute.
std::optional<Value> call_dunder(Interpreter& in, const Value& self, std::string_view name, Args& args);

}  // namespace backstep::rt
