#include "engine/regex/width.h"

#include <algorithm>

namespace backstep::regex {
namespace {

// Python computes with unbounded ints and caps at the end of each
// subpattern; saturating at 2^64-1 before the cap gives the same result.
uint64_t add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }
uint64_t mul(uint64_t a, uint64_t b) {
  if (a == 0 || b == 0) return 0;
  return a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

using GroupWidths = std::vector<std::optional<Width>>;

Width node_width(const Node& node, const GroupWidths& groups) {
  using Kind = Node::Kind;
  switch (node.kind) {
    case Kind::kLiteral:
    case Kind::kNotLiteral:
    case Kind::kAny:
    case Kind::kSet:
      return {1, 1};
    case Kind::kGroup:
    case Kind::kAtomic:
      return sequence_width(node.body(), groups);
    case Kind::kRepeat: {
      const Width body = sequence_width(node.body(), groups);
      return {mul(body.lo, node.min), mul(body.hi, node.max)};
    }
    case Kind::kBranch: {
      Width result{kMaxRepeat - 1, 0};
      for (const Sequence& alternative : node.children) {
        const Width w = sequence_width(alternative, groups);
        result.lo = std::min(result.lo, w.lo);
        result.hi = std::max(result.hi, w.hi);
      }
      return result;
    }
    case Kind::kGroupRef:
      return groups[static_cast<size_t>(node.group)].value_or(Width{});
    case Kind::kGroupRefExists: {
      Width result = sequence_width(node.children[0], groups);
      if (node.children.size() > 1) {
        const Width no = sequence_width(node.children[1], groups);
        result.lo = std::min(result.lo, no.lo);
        result.hi = std::max(result.hi, no.hi);
      } else {
        result.lo = 0;
      }
      return result;
    }
    case Kind::kAt:
    case Kind::kAssert:
      return {0, 0};
  }
  return {0, 0};
}

}  // namespace

Width sequence_width(const Sequence& sequence, const GroupWidths& groups) {
  uint64_t lo = 0, hi = 0;
  for (const Node& node : sequence) {
    const Width w = node_width(node, groups);
    lo = add(lo, w.lo);
    hi = add(hi, w.hi);
  }
  return {std::min<uint64_t>(lo, kMaxRepeat - 1), std::min<uint64_t>(hi, kMaxRepeat)};
}

}  // namespace backstep::regex
