// The native modules a program can import.
#include "engine/runtime/backstep_module.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/sys_module.h"

namespace backstep::rt {

Value make_math_module(Interpreter& in);
Value make_time_module(Interpreter& in);  // time_module.cpp
Value make_backstep_re_module(Interpreter& in);  // re_module.cpp
Value make_gc_module(Interpreter& in);  // gc_module.cpp
Value make_weakref_module(Interpreter& in);  // weakref_module.cpp
Value make_hash_module(Interpreter& in);  // hash_module.cpp

void install_modules(Interpreter& in) {
  in.register_module("math", make_math_module);
  in.register_module("sys", make_sys_module);
  in.register_module("time", make_time_module);
  in.register_module("gc", make_gc_module);
  in.register_module("_weakref", make_weakref_module);
  in.register_module("_backstep", make_backstep_module);
  in.register_module("_backstep_re", make_backstep_re_module);
  in.register_module("_backstep_hash", make_hash_module);
}

}  // namespace backstep::rt
