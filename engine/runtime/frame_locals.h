// locals() and vars() without an argument: the calling frame's namespace.
#pragma once

#include "engine/runtime/value.h"

namespace backstep::rt {

class Interpreter;

// A class body: its namespace itself. A function or comprehension: a new
// dict of its bound local, cell and free variables (CPython's
// PyFrame_FastToLocals order). The module level: a snapshot of the globals.
Value current_locals(Interpreter& in);

// globals(): the calling module's namespace, as a dict of its bound names
// (with the program's __name__, which lives among the builtins). The live
// namespace: Note [globals() is live] in module.h.
Value module_namespace(Interpreter& in);

}  // namespace backstep::rt
