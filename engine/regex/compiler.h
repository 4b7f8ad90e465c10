// ParsedPattern -> Program (re._compiler._compile, with _sre's choice of
// case-insensitive opcodes). Scoped flags are applied here, per subpattern.
#pragma once

#include "engine/regex/ast.h"
#include "engine/regex/program.h"

namespace backstep::regex {

// Throws Error("look-behind requires fixed-width pattern") like CPython's
// compiler (that message has no position).
Program compile_program(const ParsedPattern& parsed);

}  // namespace backstep::regex
