// Code objects: a function's (function.__code__) and compile()'s.
#pragma once

#include "engine/runtime/object.h"

#include <string>

namespace backstep::rt {

// What compile() was given: the source, kept as text and parsed again by
// exec() and eval() against the namespace they run in (names are resolved
// per module, Note [exec and eval] in exec_builtins.cpp).
struct CompiledSource {
  std::string text;
  std::string filename;
  std::string mode;  // "exec", "eval" or "single"
};

Value make_compiled_code(CompiledSource source);
// compile()'s code object's source; null for anything else (a function's
// code object included).
const CompiledSource* compiled_source_of(const Value& v);
// Any code object (compile()'s or a function's).
bool is_code_object(const Value& v);

}  // namespace backstep::rt
