// The native modules a program can import.
#include "engine/runtime/interpreter.h"
#include "engine/runtime/sys_module.h"

namespace backstep::api {
void install_torch_modules(rt::Interpreter& in);  // engine/api/torch_module.cpp
}

namespace backstep::rt {

Value make_math_module(Interpreter& in);
Value make_time_module(Interpreter& in);  // time_module.cpp

void install_modules(Interpreter& in) {
  in.register_module("math", make_math_module);
  in.register_module("sys", make_sys_module);
  in.register_module("time", make_time_module);
  api::install_torch_modules(in);
}

}  // namespace backstep::rt
