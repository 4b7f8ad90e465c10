// Installing the slots of the builtin classes (one function per family, in
// the file that implements it), and helpers those files share.
#pragma once

#include "engine/runtime/object.h"

namespace backstep::rt {

class DictObject;

// Runs every installer below once per process, then gives builtin
// subclasses their bases' slots and every builtin class its dunder
// wrappers. Called when the first interpreter is made.
void install_builtin_slots();

void install_object_slots();     // object_slots.cpp: object, type
void install_number_slots();     // number_slots.cpp: int, float, bool, None
void install_number_methods();   // number_methods.cpp: int.real, float.is_integer, ...
void install_generic_alias();    // generic_alias.cpp: list[int], int | None
void install_str_slots();        // str_methods.cpp
void install_container_slots();  // container_slots.cpp: list, tuple, dict, set, range, slice, views, iterators
void install_container_methods();  // container_methods.cpp: list.append, dict.get, ...
void install_function_slots();   // function.cpp: functions, methods, modules, cells, C++ helper objects
void install_descriptor_types();  // descriptors.cpp, descriptor_types.cpp
void install_property_types();   // descriptor_types.cpp: property, staticmethod, classmethod, super
void install_exception_slots();  // exception_slots.cpp
void install_constructor_slots();  // builtin_types.cpp: int(), list(), dict(), ...

// dict(source, **kw) and dict.update(source, **kw).
void update_dict(Interpreter& in, DictObject& d, const Value* source, const Args& a);

}  // namespace backstep::rt
