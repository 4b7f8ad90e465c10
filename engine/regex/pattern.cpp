#include "engine/regex/pattern.h"

#include "engine/regex/compiler.h"
#include "engine/regex/matcher.h"
#include "engine/regex/parser.h"

namespace backstep::regex {

Error wrong_span_error() {
  return Error(ErrorKind::kSystemError,
               "The span of capturing group is wrong, please report a bug for the re module.");
}

std::optional<std::string> Match::group(const Text& text, int group) const {
  const Span s = span(group);
  if (!s.matched()) return std::nullopt;
  return text.slice(s.start, s.end);
}

std::optional<std::string> Match::lastgroup() const {
  if (!lastindex_) return std::nullopt;
  for (const auto& [name, group] : pattern_->group_names()) {
    if (group == *lastindex_) return name;
  }
  return std::nullopt;
}

std::shared_ptr<const Pattern> Pattern::compile(std::string_view pattern_utf8, int flags) {
  ParsedPattern parsed = parse_pattern(pattern_utf8, flags);
  std::shared_ptr<Pattern> pattern(new Pattern());
  pattern->program_ = compile_program(parsed);
  pattern->source_ = std::string(pattern_utf8);
  pattern->flags_ = parsed.flags;
  pattern->groups_ = parsed.groups;
  pattern->group_names_ = std::move(parsed.group_names);
  pattern->warnings_ = std::move(parsed.warnings);
  return pattern;
}

std::optional<int> Pattern::group_index(std::string_view name) const {
  for (const auto& [known, group] : group_names_) {
    if (known == name) return group;
  }
  return std::nullopt;
}

std::pair<int64_t, int64_t> Pattern::clamp(const Text& text, int64_t pos, int64_t endpos) {
  const auto fit = [&](int64_t value) { return value < 0 ? 0 : value > text.size() ? text.size() : value; };
  return {fit(pos), fit(endpos)};
}

std::optional<Match> Pattern::match(const Text& text, int64_t pos, int64_t endpos) const {
  return run(Mode::kMatch, text, pos, endpos);
}

std::optional<Match> Pattern::fullmatch(const Text& text, int64_t pos, int64_t endpos) const {
  return run(Mode::kFullMatch, text, pos, endpos);
}

std::optional<Match> Pattern::search(const Text& text, int64_t pos, int64_t endpos) const {
  return run(Mode::kSearch, text, pos, endpos);
}

std::optional<Match> Pattern::run(Mode mode, const Text& text, int64_t pos, int64_t endpos) const {
  std::tie(pos, endpos) = clamp(text, pos, endpos);
  Matcher matcher(program_);
  const bool found = mode == Mode::kSearch
                         ? matcher.search(text.chars(), pos, endpos, false)
                         : matcher.match_at(text.chars(), pos, endpos, mode == Mode::kFullMatch, false);
  if (!found) return std::nullopt;
  return make_match(matcher, pos, endpos);
}

Match Pattern::make_match(const Matcher& matcher, int64_t pos, int64_t endpos) const {
  Match match;
  match.pattern_ = shared_from_this();
  match.pos_ = pos;
  match.endpos_ = endpos;
  match.spans_.reserve(static_cast<size_t>(groups_) + 1);
  match.spans_.push_back({matcher.match_start(), matcher.match_end()});
  for (uint32_t g = 1; g <= static_cast<uint32_t>(groups_); ++g) {
    if (matcher.group_span_is_wrong(g)) throw wrong_span_error();
    match.spans_.push_back({matcher.group_start(g), matcher.group_end(g)});
  }
  if (matcher.lastindex() > 0) match.lastindex_ = static_cast<int>(matcher.lastindex());
  return match;
}

}  // namespace backstep::regex
