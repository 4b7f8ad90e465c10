// `_backstep`: native primitives for backstep's Python library (pylib).
#pragma once

#include "engine/runtime/interpreter.h"

namespace backstep::rt {

Value make_backstep_module(Interpreter& in);
// Parts of it, one file each.
void add_os_primitives(Interpreter& in, ModuleObject& m);      // backstep_os.cpp
void add_random_primitives(Interpreter& in, ModuleObject& m);  // random_module.cpp

}  // namespace backstep::rt
