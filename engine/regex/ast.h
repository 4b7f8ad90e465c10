// The parsed form of a pattern: a tree shaped like the list of (opcode,
// argument) pairs that CPython's re._parser builds, so that the checks done
// on it (repeat targets, widths, group references) read the same way.
#pragma once

#include "engine/regex/error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace backstep::regex {

// _sre.MAXREPEAT: a repeat bound meaning "no upper bound", and the first
// count the parser rejects as too large.
constexpr uint32_t kMaxRepeat = 0xFFFFFFFFu;

enum class AtKind : uint8_t {
  kBeginning,        // ^
  kBeginningString,  // \A
  kEnd,              // $
  kEndString,        // \Z
  kBoundary,         // \b
  kNonBoundary,      // \B
};

enum class Category : uint8_t { kDigit, kNotDigit, kSpace, kNotSpace, kWord, kNotWord };

// One member of a character set: a code point, a range, or a class like \d.
struct SetItem {
  enum class Kind : uint8_t { kLiteral, kRange, kCategory };
  Kind kind = Kind::kLiteral;
  char32_t lo = 0;  // the literal, or the range's first code point
  char32_t hi = 0;  // the range's last code point
  Category category = Category::kDigit;

  bool operator==(const SetItem&) const = default;
};

struct Node;
using Sequence = std::vector<Node>;  // items matched one after another

struct Node {
  enum class Kind : uint8_t {
    kLiteral,         // ch
    kNotLiteral,      // any character but ch (from [^x])
    kAny,             // .
    kSet,             // [...] or \d \w \s ...: negate + items
    kAt,              // a zero-width position test: at
    kGroup,           // (...): group (0 = not capturing), scoped flags, body
    kAtomic,          // (?>...): body
    kRepeat,          // body{min,max}, greedy / lazy / possessive
    kBranch,          // a|b|c: children are the alternatives
    kAssert,          // lookaround: negative, behind, body
    kGroupRef,        // \1, (?P=name): group
    kGroupRefExists,  // (?(group)yes|no): children = yes [, no]
  };
  enum class RepeatKind : uint8_t { kGreedy, kLazy, kPossessive };

  Kind kind = Kind::kLiteral;
  char32_t ch = 0;
  AtKind at = AtKind::kBeginning;
  bool negate = false;  // kSet
  std::vector<SetItem> items;  // kSet
  int group = 0;
  int add_flags = 0, del_flags = 0;  // kGroup
  uint32_t min = 0, max = 0;         // kRepeat
  RepeatKind repeat = RepeatKind::kGreedy;
  bool negative = false, behind = false;  // kAssert
  std::vector<Sequence> children;         // body / alternatives / yes-no

  const Sequence& body() const { return children.front(); }
};

// A pattern's width range in code points, capped as CPython 3.11.2 caps it
// (min at kMaxRepeat - 1, max at kMaxRepeat).
struct Width {
  uint64_t lo = 0, hi = 0;
};

// A warning CPython's parser would emit (FutureWarning for what may become
// set syntax, DeprecationWarning for odd group numbers); the binding may
// print it.

struct ParsedPattern {
  Sequence root;
  int flags = 0;   // the caller's flags, inline global flags, and UNICODE
  int groups = 0;  // capturing groups, not counting group 0
  std::vector<std::pair<std::string, int>> group_names;  // UTF-8 name, number; in order
  std::vector<Width> group_widths;                        // index = group number
  std::vector<Warning> warnings;
};

}  // namespace backstep::regex
