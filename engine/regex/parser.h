// Pattern text -> ParsedPattern, with re._parser's checks and messages.
#pragma once

#include "engine/regex/ast.h"

#include <string_view>

namespace backstep::regex {

// Throws Error exactly where re._parser.parse (with fix_flags) raises.
ParsedPattern parse_pattern(std::string_view pattern_utf8, int flags);

}  // namespace backstep::regex
