#include "engine/regex/unicode.h"

#include <algorithm>
#include <cstdint>

namespace backstep::regex::unicode {
namespace {

struct CodeRange {
  char32_t first, last;
};

// Code points first..last (every `stride`-th one) map to c + delta.
struct CaseRun {
  char32_t first, last;
  int32_t delta;
  int32_t stride;
};

struct ExtraCase {
  char32_t lowered;
  char32_t others[2];  // 0-terminated when there is only one
};

#include "engine/regex/unicode_tables.inc"

// Binary search of sorted, disjoint ranges.
template <size_t N>
const CodeRange* find_range(const CodeRange (&table)[N], char32_t c) {
  const CodeRange* it = std::upper_bound(std::begin(table), std::end(table), c,
                                         [](char32_t v, const CodeRange& r) { return v < r.first; });
  if (it == std::begin(table)) return nullptr;
  --it;
  return c <= it->last ? it : nullptr;
}

template <size_t N>
char32_t map_case(const CaseRun (&table)[N], char32_t c) {
  const CaseRun* it = std::upper_bound(std::begin(table), std::end(table), c,
                                       [](char32_t v, const CaseRun& r) { return v < r.first; });
  if (it == std::begin(table)) return c;
  --it;
  if (c > it->last || (c - it->first) % it->stride != 0) return c;
  return static_cast<char32_t>(static_cast<int32_t>(c) + it->delta);
}

}  // namespace

bool is_word(char32_t c) {
  if (c < 128) return ascii_is_word(c);
  return find_range(kAlnumRanges, c) != nullptr;
}

bool is_digit(char32_t c) {
  if (c < 128) return ascii_is_digit(c);
  return find_range(kDecimalRanges, c) != nullptr;
}

bool is_space(char32_t c) {
  // ASCII: \t \n \v \f \r, the separators \x1c-\x1f, and space.
  if (c < 128) return ascii_is_space(c) || (c >= 0x1C && c <= 0x1F);
  return find_range(kSpaceRanges, c) != nullptr;
}

int decimal_value(char32_t c) {
  // Every run of decimals in the table starts at a zero (the generator
  // checks this), so the value is the distance from the run's start.
  const CodeRange* range = find_range(kDecimalRanges, c);
  return range ? static_cast<int>((c - range->first) % 10) : -1;
}

char32_t to_lower(char32_t c) {
  if (c < 128) return ascii_to_lower(c);
  return map_case(kLowerRuns, c);
}

char32_t to_upper(char32_t c) {
  if (c < 128) return c >= 'a' && c <= 'z' ? c - 32 : c;
  return map_case(kUpperRuns, c);
}

bool is_cased(char32_t c) { return to_lower(c) != c || to_upper(c) != c; }

std::span<const char32_t> extra_cases(char32_t lowered) {
  const ExtraCase* it = std::lower_bound(std::begin(kExtraCases), std::end(kExtraCases), lowered,
                                         [](const ExtraCase& e, char32_t v) { return e.lowered < v; });
  if (it == std::end(kExtraCases) || it->lowered != lowered) return {};
  return {it->others, it->others[1] ? size_t{2} : size_t{1}};
}

}  // namespace backstep::regex::unicode
