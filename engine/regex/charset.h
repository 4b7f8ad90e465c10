// A compiled character set: what [...], \d \w \s and case-insensitive
// literals become. Built the way re._compiler._optimize_charset builds its
// sets, so that IGNORECASE gives _sre's answers (including its quirks for
// characters outside the BMP, which are compared without case folding when
// they appear as single members of a set).
#pragma once

#include "engine/regex/ast.h"

#include <bitset>
#include <vector>

namespace backstep::regex {

class CharSet {
 public:
  // The set for `items` (negated if `negate`) under the given flags.
  static CharSet from_items(const std::vector<SetItem>& items, bool negate, int flags);
  // A case-insensitive literal whose lowercase has extra equivalents
  // (e.g. 's' also matches 'ſ'): lower(c) in {lowered, extras...}.
  static CharSet folded_literal(char32_t lowered, bool negate);

  bool contains(char32_t c) const { return c < 256 ? latin1_[c] : contains_slow(c); }

 private:
  enum class Fold : uint8_t { kNone, kAscii, kUnicode };
  struct Range {
    char32_t first, last;
  };

  bool contains_slow(char32_t c) const;
  bool member(char32_t c) const;  // the items, before negation
  void finish(const std::vector<bool>& bmp);

  bool negate_ = false;
  Fold fold_ = Fold::kNone;     // how the input character is lowered first
  bool unicode_classes_ = true;  // \d \w \s in Unicode (not ASCII) mode
  std::vector<Range> ranges_;        // sorted, disjoint
  std::vector<Range> upper_ranges_;  // also match when upper(c) is inside
  std::vector<Category> categories_;
  std::bitset<256> latin1_;  // contains() for c < 256, precomputed
};

}  // namespace backstep::regex
