// An expression back as source text, as CPython writes the annotations it
// keeps as strings under `from __future__ import annotations` (its
// ast_unparse.c): normalised spacing, repr() of constants, parentheses only
// where precedence needs them.
#pragma once

#include "engine/lang/ast.h"

#include <string>

namespace backstep::rt {

std::string unparse(const lang::Expr& e);

}  // namespace backstep::rt
