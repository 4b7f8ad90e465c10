// Matcher's tests of single characters and positions, backreferences, and
// the search loop that tries successive start positions.
#include "engine/regex/matcher.h"
#include "engine/regex/unicode.h"

namespace backstep::regex {

bool Matcher::test(const Inst& inst, char32_t c) const {
  switch (inst.op) {
    case Op::kChar: return c == inst.a;
    case Op::kNotChar: return c != inst.a;
    case Op::kCharFold: return unicode::to_lower(c) == inst.a;
    case Op::kNotCharFold: return unicode::to_lower(c) != inst.a;
    case Op::kCharFoldAscii: return unicode::ascii_to_lower(c) == inst.a;
    case Op::kNotCharFoldAscii: return unicode::ascii_to_lower(c) != inst.a;
    case Op::kAny: return c != U'\n';
    case Op::kAnyAll: return true;
    case Op::kSet: return program_.sets[inst.a].contains(c);
    default: return false;
  }
}

namespace {

// The run of characters from `from` (before `limit`) that pass `passes`.
template <typename Predicate>
int64_t run_length(std::u32string_view text, int64_t from, int64_t limit, Predicate passes) {
  int64_t p = from;
  while (p < limit && passes(text[static_cast<size_t>(p)])) ++p;
  return p - from;
}

}  // namespace

// Counts how many characters from pos on pass `item`, up to max. The test
// is chosen once, outside the loop, since this is where long runs go.
int64_t Matcher::count_run(const Inst& item, int64_t pos, uint64_t max) const {
  int64_t limit = end_;
  if (max < static_cast<uint64_t>(end_) && pos + static_cast<int64_t>(max) < limit) {
    limit = pos + static_cast<int64_t>(max);
  }
  if (pos >= limit) return 0;
  const char32_t a = item.a;
  switch (item.op) {
    case Op::kChar: return run_length(text_, pos, limit, [a](char32_t c) { return c == a; });
    case Op::kNotChar: return run_length(text_, pos, limit, [a](char32_t c) { return c != a; });
    case Op::kAny: return run_length(text_, pos, limit, [](char32_t c) { return c != U'\n'; });
    case Op::kAnyAll: return limit - pos;
    case Op::kSet: {
      const CharSet& set = program_.sets[a];
      return run_length(text_, pos, limit, [&set](char32_t c) { return set.contains(c); });
    }
    default: return run_length(text_, pos, limit, [&](char32_t c) { return test(item, c); });
  }
}

bool Matcher::is_word_at(int64_t index, bool unicode) const {
  const char32_t c = text_[static_cast<size_t>(index)];
  return unicode ? unicode::is_word(c) : unicode::ascii_is_word(c);
}

// _sre's SRE(at). Positions past `end` can occur when pos > endpos; like
// _sre, the tests then look at the real string.
bool Matcher::at(uint32_t test, int64_t pos) const {
  const int64_t size = static_cast<int64_t>(text_.size());
  const auto char_at = [&](int64_t i) { return i >= 0 && i < size ? text_[static_cast<size_t>(i)] : U'\0'; };
  switch (static_cast<AtTest>(test)) {
    case AtTest::kBeginning:
      return pos == 0;
    case AtTest::kBeginningLine:
      return pos == 0 || char_at(pos - 1) == U'\n';
    case AtTest::kEnd:
      return pos == end_ || (end_ - pos == 1 && char_at(pos) == U'\n');
    case AtTest::kEndLine:
      return pos == end_ || (pos < size && char_at(pos) == U'\n');
    case AtTest::kEndString:
      return pos == end_;
    case AtTest::kBoundary:
    case AtTest::kNonBoundary:
    case AtTest::kBoundaryAscii:
    case AtTest::kNonBoundaryAscii: {
      // An empty string has neither boundaries nor non-boundaries.
      if (end_ == 0) return false;
      const bool unicode = static_cast<AtTest>(test) == AtTest::kBoundary ||
                           static_cast<AtTest>(test) == AtTest::kNonBoundary;
      const bool before = pos > 0 && pos - 1 < size && is_word_at(pos - 1, unicode);
      const bool after = pos < end_ && is_word_at(pos, unicode);
      const bool boundary = static_cast<AtTest>(test) == AtTest::kBoundary ||
                            static_cast<AtTest>(test) == AtTest::kBoundaryAscii;
      return boundary ? before != after : before == after;
    }
  }
  return false;
}

// GROUPREF and GROUPREF_EXISTS: a group counts only if valid and its span
// is not reversed.
bool Matcher::group_matched(uint32_t group) const {
  return group_valid(group) && group_start(group) <= group_end(group);
}

bool Matcher::backref(const Inst& inst, int64_t& pos) const {
  if (!group_matched(inst.a)) return false;
  const int64_t start = group_start(inst.a);
  const int64_t length = group_end(inst.a) - start;
  if (length > 0 && pos + length > end_) return false;
  for (int64_t i = 0; i < length; ++i) {
    char32_t a = text_[static_cast<size_t>(start + i)];
    char32_t b = text_[static_cast<size_t>(pos + i)];
    if (inst.op == Op::kBackrefFold) {
      a = unicode::to_lower(a);
      b = unicode::to_lower(b);
    } else if (inst.op == Op::kBackrefFoldAscii) {
      a = unicode::ascii_to_lower(a);
      b = unicode::ascii_to_lower(b);
    }
    if (a != b) return false;
  }
  pos += length;
  return true;
}

bool Matcher::search(std::u32string_view text, int64_t start, int64_t end, bool must_advance) {
  if (start > end) return false;
  text_ = text;
  end_ = end;
  match_all_ = false;
  must_advance_ = must_advance;
  if (program_.anchored) return run(start);
  const std::optional<CharSet>& filter = program_.prefix_filter;
  const std::u32string_view visible = text.substr(0, static_cast<size_t>(end));
  const std::u32string& prefix = program_.literal_prefix;
  for (int64_t at = start; at <= end; ++at) {
    if (!prefix.empty()) {
      // Jump to the next place the literal prefix occurs.
      const size_t found = visible.find(prefix, static_cast<size_t>(at));
      if (found == std::u32string_view::npos) return false;
      at = static_cast<int64_t>(found);
    } else if (program_.first_test >= 0) {
      const Inst& first = program_.code[static_cast<size_t>(program_.first_test)];
      while (at < end && !test(first, text[static_cast<size_t>(at)])) ++at;
      if (at >= end) return false;
    }
    if (filter) {
      while (at < end && !filter->contains(text[static_cast<size_t>(at)])) ++at;
      if (at >= end) return false;
    }
    // Only an empty match at the very first position is refused.
    must_advance_ = must_advance && at == start;
    if (run(at)) return true;
  }
  return false;
}

}  // namespace backstep::regex
