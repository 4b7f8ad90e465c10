// How deep an expression tree is, so the parser can refuse one that the
// recursive tree walkers could not survive.
//
// Note [expression depth]: the resolver, the evaluator, the unparser and the
// tree's own destructors all recurse once per level of an expression. Bracket
// nesting is capped by the lexer at 200 and statement nesting at 100, but a
// flat chain -- `1 + 1 + ... + 1` or `x.real.real...` -- builds a left-deep
// tree one level per operator with no bracket at all, and a chain inside a
// list inside a chain multiplies. So each node records its depth when the
// parser finishes it (from its direct children, which are finished first),
// and the parser refuses a tree deeper than kMaxExpressionDepth the way
// CPython's compiler does: "RecursionError: maximum recursion depth exceeded
// during compilation" (CPython's own limit is ~2990 levels). Computing it
// from direct children only keeps the check O(1) per node and non-recursive.
#pragma once

#include "engine/lang/ast.h"

#include <cstdint>

namespace backstep::lang {

inline constexpr uint32_t kMaxExpressionDepth = 2900;

// 1 + the largest `depth` among e's direct children (1 for a leaf). Lambda
// bodies count: the walkers descend into them.
uint32_t direct_depth(const Expr& e);

}  // namespace backstep::lang
