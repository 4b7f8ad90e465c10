// A compact S-expression rendering of the syntax tree, for tests and for
// debugging the parser: `x = a + b * 2` dumps as `(= x@G (+ a@G (* b@G 2)))`.
// Resolved names carry their slot (@L0 local, @C1 cell, @G global; in a
// class body @N the class namespace, @F2 namespace-then-cell 2).
#pragma once

#include "engine/lang/ast.h"

#include <string>

namespace backstep::lang {

std::string dump(const Expr& e);
std::string dump(const Stmt& s);
std::string dump(const Module& m);

}  // namespace backstep::lang
