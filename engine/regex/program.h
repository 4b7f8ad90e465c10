// The compiled form of a pattern: a flat list of instructions for the
// backtracking machine in matcher.cpp, in the spirit of _sre's opcodes.
//
// The machine state is (pc, position) plus an array of registers: _sre's
// marks (group g starts at mark 2(g-1) and ends at mark 2(g-1)+1), its
// "lastmark" and "lastindex", and per-construct scratch (repeat counters,
// saved positions, choice-stack heights). Register writes are logged on a
// trail so that backtracking can restore them.
//
// Like _sre, backtracking restores the marks themselves only inside the
// body of a (non-possessive) repeat; elsewhere it restores just lastmark,
// which hides marks above it but leaves lower ones as the failed path set
// them. Each instruction that creates a choice point records which of the
// two it does (Inst::restores_marks).
#pragma once

#include "engine/regex/charset.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace backstep::regex {

enum class Op : uint8_t {
  // Tests of one character; each consumes it on success.
  kChar,              // a: code point
  kNotChar,           // a: code point
  kCharFold,          // a: lowercase; compare to_lower(c)
  kNotCharFold,       // a: lowercase
  kCharFoldAscii,     // a: ASCII lowercase; compare ascii_to_lower(c)
  kNotCharFoldAscii,  // a: ASCII lowercase
  kAny,               // anything but '\n'
  kAnyAll,            // anything (DOTALL)
  kSet,               // a: index into Program::sets
  // Zero-width tests.
  kAt,  // a: AtTest
  // Control flow.
  kSplit,  // try pc + 1; on failure resume at a
  kFail,   // backtrack
  kJump,   // a: target
  kMark,   // a: mark index (sets lastmark and lastindex as _sre's MARK does)
  kMatch,  // the end of the pattern
  // Repeats of a single-character test (the test is the next instruction,
  // the pattern continues at pc + 2). a: min, b: max (kMaxRepeat = none).
  kRepeatOneGreedy,
  kRepeatOneLazy,
  kRepeatOnePossessive,
  // Other repeats: kRepeatInit resets the counter and jumps to the
  // kUntil*, which decides between another iteration (the body starts at
  // b) and the rest of the pattern (pc + 1). a: index into Program::repeats.
  kRepeatInit,  // a: repeat, b: pc of its kUntil
  kUntilGreedy,
  kUntilLazy,
  // Atomic groups and lookarounds. a: register holding the choice-stack
  // height (its saved position is in register a + 1).
  kAtomicBegin,
  kAtomicEnd,
  kLookBegin,     // b: lookbehind width (0 for lookahead)
  kLookEnd,
  kNegLookBegin,  // b: lookbehind width, c: where to go when the body fails
  kNegLookEnd,
  // Backreferences. a: group.
  kBackref,
  kBackrefFold,
  kBackrefFoldAscii,
  kIfGroup,  // a: group; continue at pc + 1 if it matched, else at b
};

enum class AtTest : uint8_t {
  kBeginning,      // ^ and \A: the start of the string
  kBeginningLine,  // ^ with MULTILINE
  kEnd,            // $: the end, or before a final '\n'
  kEndLine,        // $ with MULTILINE
  kEndString,      // \Z
  kBoundary,       // \b, Unicode words
  kNonBoundary,    // \B, Unicode words
  kBoundaryAscii,
  kNonBoundaryAscii,
};

struct Inst {
  Op op;
  uint32_t a = 0, b = 0, c = 0;
  bool restores_marks = false;  // for the choice point it creates
};

struct RepeatInfo {
  uint32_t min, max;
  uint32_t count_register;     // iterations done - 1 (starts at -1)
  uint32_t last_pos_register;  // where the latest iteration began
};

struct Program {
  std::vector<Inst> code;
  std::vector<CharSet> sets;
  std::vector<RepeatInfo> repeats;
  uint32_t groups = 0;          // capturing groups, not counting group 0
  uint32_t mark_count = 0;      // 2 * groups; the marks are registers 0..
  uint32_t register_count = 0;
  uint32_t lastmark_register = 0;
  uint32_t lastindex_register = 0;
  // Search hints (see Matcher::search).
  std::u32string literal_prefix;  // every match starts with this
  int32_t first_test = -1;        // pc of a test every match's first char passes
  bool anchored = false;          // can only match at the start of the string
  // _sre's search skips start positions that fail the "charset prefix" it
  // computes, whose \d \w \s follow the pattern's global flags even when
  // the first set sits in a scoped (?a:...) or (?u:...) group. Set only
  // when that makes a difference.
  std::optional<CharSet> prefix_filter;
};

}  // namespace backstep::regex
