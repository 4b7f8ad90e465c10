#include "engine/regex/charset.h"

#include "engine/regex/flags.h"
#include "engine/regex/unicode.h"

#include <algorithm>

namespace backstep::regex {
namespace {

constexpr char32_t kBmpSize = 0x10000;

bool in_category(Category category, char32_t c, bool unicode_classes) {
  switch (category) {
    case Category::kDigit: return unicode_classes ? unicode::is_digit(c) : unicode::ascii_is_digit(c);
    case Category::kNotDigit: return !in_category(Category::kDigit, c, unicode_classes);
    case Category::kSpace: return unicode_classes ? unicode::is_space(c) : unicode::ascii_is_space(c);
    case Category::kNotSpace: return !in_category(Category::kSpace, c, unicode_classes);
    case Category::kWord: return unicode_classes ? unicode::is_word(c) : unicode::ascii_is_word(c);
    case Category::kNotWord: return !in_category(Category::kWord, c, unicode_classes);
  }
  return false;
}

}  // namespace

CharSet CharSet::from_items(const std::vector<SetItem>& items, bool negate, int flags) {
  CharSet set;
  set.negate_ = negate;
  set.unicode_classes_ = (flags & kUnicode) != 0;
  const bool ignore_case = (flags & kIgnoreCase) != 0;
  const bool unicode_case = ignore_case && (flags & kUnicode);
  const auto fold = [&](char32_t c) { return unicode_case ? unicode::to_lower(c) : unicode::ascii_to_lower(c); };
  const auto cased = [&](char32_t c) { return unicode_case ? unicode::is_cased(c) : unicode::ascii_is_cased(c); };
  // Like _optimize_charset: members in the BMP go to a bitmap (lowered and
  // with their extra cases under IGNORECASE); the rest stay as items.
  std::vector<bool> bmp(kBmpSize, false);
  bool has_cased = false;
  const auto mark = [&](char32_t lowered) {
    bmp[lowered] = true;
    if (unicode_case) {
      for (char32_t extra : unicode::extra_cases(lowered)) bmp[extra] = true;
    }
  };
  for (const SetItem& item : items) {
    if (item.kind == SetItem::Kind::kCategory) {
      set.categories_.push_back(item.category);
    } else if (item.kind == SetItem::Kind::kLiteral) {
      const char32_t lowered = ignore_case ? fold(item.lo) : item.lo;
      if (lowered < kBmpSize) {
        mark(lowered);
        has_cased = has_cased || (ignore_case && cased(item.lo));
      } else {
        // Outside the BMP: kept unlowered, yet the input is still lowered.
        set.ranges_.push_back({item.lo, item.lo});
        has_cased = has_cased || ignore_case;
      }
    } else {
      const char32_t bmp_last = std::min<char32_t>(item.hi, kBmpSize - 1);
      for (char32_t c = item.lo; c <= bmp_last && item.lo < kBmpSize; ++c) mark(ignore_case ? fold(c) : c);
      if (item.hi >= kBmpSize) {
        // _sre's RANGE_UNI_IGNORE: c or its uppercase in the range.
        (ignore_case ? set.upper_ranges_ : set.ranges_).push_back({item.lo, item.hi});
        has_cased = has_cased || ignore_case;
      } else if (ignore_case && !has_cased) {
        for (char32_t c = item.lo; c <= item.hi && !has_cased; ++c) has_cased = cased(c);
      }
    }
  }
  if (has_cased) set.fold_ = unicode_case ? Fold::kUnicode : Fold::kAscii;
  set.finish(bmp);
  return set;
}

CharSet CharSet::folded_literal(char32_t lowered, bool negate) {
  CharSet set;
  set.negate_ = negate;
  set.fold_ = Fold::kUnicode;
  std::vector<bool> bmp(kBmpSize, false);
  std::vector<char32_t> members{lowered};
  for (char32_t extra : unicode::extra_cases(lowered)) members.push_back(extra);
  for (char32_t c : members) {
    if (c < kBmpSize) {
      bmp[c] = true;
    } else {
      set.ranges_.push_back({c, c});
    }
  }
  set.finish(bmp);
  return set;
}

// Turns the bitmap into ranges, merges everything, precomputes Latin-1.
void CharSet::finish(const std::vector<bool>& bmp) {
  for (char32_t c = 0; c < kBmpSize; ++c) {
    if (!bmp[c]) continue;
    char32_t last = c;
    while (last + 1 < kBmpSize && bmp[last + 1]) ++last;
    ranges_.push_back({c, last});
    c = last;
  }
  std::sort(ranges_.begin(), ranges_.end(), [](const Range& a, const Range& b) { return a.first < b.first; });
  std::vector<Range> merged;
  for (const Range& range : ranges_) {
    if (!merged.empty() && range.first <= merged.back().last + 1) {
      merged.back().last = std::max(merged.back().last, range.last);
    } else {
      merged.push_back(range);
    }
  }
  ranges_ = std::move(merged);
  for (char32_t c = 0; c < 256; ++c) latin1_[c] = contains_slow(c);
}

bool CharSet::member(char32_t c) const {
  const auto it = std::upper_bound(ranges_.begin(), ranges_.end(), c,
                                   [](char32_t v, const Range& r) { return v < r.first; });
  if (it != ranges_.begin() && c <= std::prev(it)->last) return true;
  for (Category category : categories_) {
    if (in_category(category, c, unicode_classes_)) return true;
  }
  if (!upper_ranges_.empty()) {
    const char32_t upper = unicode::to_upper(c);
    for (const Range& range : upper_ranges_) {
      if ((c >= range.first && c <= range.last) || (upper >= range.first && upper <= range.last)) return true;
    }
  }
  return false;
}

bool CharSet::contains_slow(char32_t c) const {
  if (fold_ == Fold::kUnicode) c = unicode::to_lower(c);
  if (fold_ == Fold::kAscii) c = unicode::ascii_to_lower(c);
  return member(c) != negate_;
}

}  // namespace backstep::regex
