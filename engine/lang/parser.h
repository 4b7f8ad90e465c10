// The parser: tokens to a syntax tree, with CPython's error messages for
// the common mistakes.
#pragma once

#include "engine/lang/ast.h"
#include "engine/lang/diagnostic.h"

namespace backstep::lang {

// Parses a registered source as a module (a file, or one shell input).
Result<std::unique_ptr<Module>> parse_module(uint32_t file);

}  // namespace backstep::lang
