// SubPattern.getwidth() of CPython 3.11.2: the least and greatest number of
// code points a sequence can match. Lookbehinds need lo == hi.
#pragma once

#include "engine/regex/ast.h"

#include <optional>
#include <vector>

namespace backstep::regex {

// group_widths[g] is the width of group g (set once the group is closed).
Width sequence_width(const Sequence& sequence, const std::vector<std::optional<Width>>& group_widths);

}  // namespace backstep::regex
