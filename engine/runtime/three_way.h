// A three-way comparison's result (<0, 0, >0) as the answer to one of
// Python's rich comparisons: what str, bytes and int compare through.
#pragma once

#include "engine/lang/ast.h"

namespace backstep::rt {

// Eq .. Ge: the comparisons a three-way result answers (not in / is).
inline bool is_ordering(lang::CmpOp op) { return op <= lang::CmpOp::Ge; }

// For an ordering `op` (see is_ordering).
inline bool three_way_answers(int c, lang::CmpOp op) {
  switch (op) {
    case lang::CmpOp::Eq: return c == 0;
    case lang::CmpOp::Ne: return c != 0;
    case lang::CmpOp::Lt: return c < 0;
    case lang::CmpOp::Le: return c <= 0;
    case lang::CmpOp::Gt: return c > 0;
    default: return c >= 0;
  }
}

}  // namespace backstep::rt
