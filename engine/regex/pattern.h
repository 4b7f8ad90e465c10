// re.Pattern and re.Match: a compiled pattern, and the result of one match.
//
//   auto pattern = Pattern::compile("(?P<word>\\w+)", regex::kIgnoreCase);
//   Text text(utf8_string);            // decode the subject once
//   if (auto m = pattern->search(text)) m->span(1), m->group(text, 1) ...
//
// Positions are code-point indices, as in Python. Compiling throws
// regex::Error (see error.h for which Python exception each kind is).
#pragma once

#include "engine/regex/ast.h"
#include "engine/regex/error.h"
#include "engine/regex/program.h"
#include "engine/regex/text.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace backstep::regex {

// endpos when the caller gives none (Python's default is sys.maxsize).
constexpr int64_t kNoEndpos = std::numeric_limits<int64_t>::max();

struct Span {
  int64_t start = -1;  // -1, -1: the group did not take part in the match
  int64_t end = -1;
  bool matched() const { return start >= 0; }
  bool operator==(const Span&) const = default;
};

class Pattern;

// _sre's SystemError for a group whose marks went stale (start > end); see
// Matcher::group_span_is_wrong.
Error wrong_span_error();

class Match {
 public:
  // Group 0 is the whole match; unmatched groups give (-1, -1).
  Span span(int group = 0) const { return spans_[static_cast<size_t>(group)]; }
  int groups() const { return static_cast<int>(spans_.size()) - 1; }
  // The group's text cut from `text` (the string that was searched), or
  // nullopt (Python's None) when the group did not take part.
  std::optional<std::string> group(const Text& text, int group = 0) const;
  std::optional<int> lastindex() const { return lastindex_; }
  std::optional<std::string> lastgroup() const;  // name of lastindex, if named
  int64_t pos() const { return pos_; }        // as passed to search/match, clamped
  int64_t endpos() const { return endpos_; }  // likewise
  const Pattern& pattern() const { return *pattern_; }

 private:
  friend class Pattern;
  friend class Scanner;
  std::shared_ptr<const Pattern> pattern_;
  std::vector<Span> spans_;
  std::optional<int> lastindex_;
  int64_t pos_ = 0, endpos_ = 0;
};

class Pattern : public std::enable_shared_from_this<Pattern> {
 public:
  // re.compile(pattern, flags). Throws Error.
  static std::shared_ptr<const Pattern> compile(std::string_view pattern_utf8, int flags = 0);

  const std::string& pattern() const { return source_; }
  int flags() const { return flags_; }    // Pattern.flags: includes inline flags and UNICODE
  int groups() const { return groups_; }  // Pattern.groups
  // Pattern.groupindex, in the order the groups were defined.
  const std::vector<std::pair<std::string, int>>& group_names() const { return group_names_; }
  std::optional<int> group_index(std::string_view name) const;
  // Warnings CPython's parser would have issued while compiling.
  const std::vector<Warning>& warnings() const { return warnings_; }

  std::optional<Match> match(const Text& text, int64_t pos = 0, int64_t endpos = kNoEndpos) const;
  std::optional<Match> fullmatch(const Text& text, int64_t pos = 0, int64_t endpos = kNoEndpos) const;
  std::optional<Match> search(const Text& text, int64_t pos = 0, int64_t endpos = kNoEndpos) const;

  const Program& program() const { return program_; }

  // Python's clamping of pos and endpos to [0, len(text)].
  static std::pair<int64_t, int64_t> clamp(const Text& text, int64_t pos, int64_t endpos);

 private:
  friend class Scanner;
  Pattern() = default;
  enum class Mode { kMatch, kFullMatch, kSearch };
  std::optional<Match> run(Mode mode, const Text& text, int64_t pos, int64_t endpos) const;
  // Builds the Match from a matcher's registers after a success.
  Match make_match(const class Matcher& matcher, int64_t pos, int64_t endpos) const;

  std::string source_;
  int flags_ = 0;
  int groups_ = 0;
  std::vector<std::pair<std::string, int>> group_names_;
  std::vector<Warning> warnings_;
  Program program_;
};

}  // namespace backstep::regex
