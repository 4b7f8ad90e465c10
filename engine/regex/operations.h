// The module-level operations that go beyond one match: finditer
// (Scanner), findall, split, sub/subn, and re.escape. They follow _sre's
// loop: after a match the next search starts at its end, and after an
// empty match an empty match at that same position is refused (Python
// 3.7+ rules).
#pragma once

#include "engine/regex/pattern.h"

#include <memory>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace backstep::regex {

class Matcher;

// Pattern.finditer: next() gives the matches one by one. The pattern and
// text must outlive the scanner.
class Scanner {
 public:
  Scanner(const Pattern& pattern, const Text& text, int64_t pos = 0, int64_t endpos = kNoEndpos);
  ~Scanner();
  // The next match, or nullopt when there are no more. Throws Error
  // (kSystemError) where _sre does when building the match object.
  std::optional<Match> next();

  // Lower level, for loops that need no Match objects: advance() finds the
  // next match, span() reads its groups; a group whose marks went stale may
  // have start > end (the callers decide whether that raises).
  bool advance();
  Span span(int group) const;
  Match current() const;  // the Match for what advance() found

 private:
  const Pattern& pattern_;
  const Text& text_;
  std::unique_ptr<Matcher> matcher_;
  int64_t pos_, endpos_;
  int64_t start_;
  bool must_advance_ = false;
  bool done_ = false;
};

// Pattern.findall: one entry per match. Each entry holds the whole match
// when the pattern has no groups, else one string per group ("" for a group
// that did not take part); with two or more groups Python makes it a tuple.
std::vector<std::vector<std::string>> findall(const Pattern& pattern, const Text& text, int64_t pos = 0,
                                              int64_t endpos = kNoEndpos);

// Pattern.split: the pieces between matches, each match's groups in
// between (nullopt = None). maxsplit 0 splits everywhere; < 0 not at all.
std::vector<std::optional<std::string>> split(const Pattern& pattern, const Text& text, int64_t maxsplit = 0);

struct SubResult {
  std::string text;
  int64_t count = 0;  // replacements made (subn's second item)
};

// Pattern.sub / subn with a template string. The template is checked before
// any matching, so its errors are raised even when nothing matches.
SubResult sub(const Pattern& pattern, const Text& text, std::string_view replacement_template, int64_t count = 0);

// Pattern.sub / subn with a function of the match (the binding calls the
// Python callable; exceptions it throws propagate).
using Replacer = std::function<std::string(const Match&)>;
SubResult sub(const Pattern& pattern, const Text& text, const Replacer& replacer, int64_t count = 0);

// re.escape.
std::string escape(std::string_view text_utf8);

}  // namespace backstep::regex
