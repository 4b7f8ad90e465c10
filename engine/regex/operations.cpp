#include "engine/regex/operations.h"

#include "engine/regex/matcher.h"
#include "engine/regex/replacement.h"

#include <memory>

namespace backstep::regex {

Scanner::Scanner(const Pattern& pattern, const Text& text, int64_t pos, int64_t endpos)
    : pattern_(pattern), text_(text), matcher_(std::make_unique<Matcher>(pattern.program())) {
  std::tie(pos_, endpos_) = Pattern::clamp(text, pos, endpos);
  start_ = pos_;
}

Scanner::~Scanner() = default;

bool Scanner::advance() {
  if (done_ || !matcher_->search(text_.chars(), start_, endpos_, must_advance_)) {
    done_ = true;
    return false;
  }
  must_advance_ = matcher_->match_end() == matcher_->match_start();
  start_ = matcher_->match_end();
  return true;
}

Span Scanner::span(int group) const {
  if (group == 0) return {matcher_->match_start(), matcher_->match_end()};
  const auto g = static_cast<uint32_t>(group);
  return {matcher_->group_start(g), matcher_->group_end(g)};
}

Match Scanner::current() const { return pattern_.make_match(*matcher_, pos_, endpos_); }

std::optional<Match> Scanner::next() {
  if (!advance()) return std::nullopt;
  return current();
}

namespace {

// _sre's state_getslice: a group's text, nullopt if it did not take part,
// SystemError if its span is reversed.
std::optional<std::string> group_text(const Scanner& scanner, const Text& text, int group) {
  const Span span = scanner.span(group);
  if (!span.matched()) return std::nullopt;
  if (span.start > span.end) throw wrong_span_error();
  return text.slice(span.start, span.end);
}

}  // namespace

std::vector<std::vector<std::string>> findall(const Pattern& pattern, const Text& text, int64_t pos,
                                              int64_t endpos) {
  std::vector<std::vector<std::string>> found;
  Scanner scanner(pattern, text, pos, endpos);
  while (scanner.advance()) {
    std::vector<std::string> item;
    if (pattern.groups() == 0) {
      item.push_back(*group_text(scanner, text, 0));
    } else {
      for (int g = 1; g <= pattern.groups(); ++g) item.push_back(group_text(scanner, text, g).value_or(""));
    }
    found.push_back(std::move(item));
  }
  return found;
}

std::vector<std::optional<std::string>> split(const Pattern& pattern, const Text& text, int64_t maxsplit) {
  std::vector<std::optional<std::string>> pieces;
  Scanner scanner(pattern, text);
  int64_t last = 0;
  for (int64_t n = 0; (maxsplit == 0 || n < maxsplit) && scanner.advance(); ++n) {
    pieces.push_back(text.slice(last, scanner.span(0).start));
    for (int g = 1; g <= pattern.groups(); ++g) pieces.push_back(group_text(scanner, text, g));
    last = scanner.span(0).end;
  }
  pieces.push_back(text.slice(last, text.size()));
  return pieces;
}

namespace {

// The loop of _sre's pattern_subx; `replace` appends one replacement and
// is given a Match only when `with_match` (as _sre makes match objects only
// for a callable filter).
template <typename Replace>
SubResult substitute(const Pattern& pattern, const Text& text, int64_t count, bool with_match,
                     Replace&& replace) {
  SubResult result;
  Scanner scanner(pattern, text);
  int64_t last = 0;
  while ((count == 0 || result.count < count) && scanner.advance()) {
    result.text += text.slice(last, scanner.span(0).start);
    if (with_match) {
      replace(result.text, scanner.current());
    } else {
      replace(result.text, std::nullopt);
    }
    last = scanner.span(0).end;
    ++result.count;
  }
  result.text += text.slice(last, text.size());
  return result;
}

}  // namespace

SubResult sub(const Pattern& pattern, const Text& text, std::string_view replacement_template, int64_t count) {
  // A template without a backslash is used as it is, unparsed.
  if (replacement_template.find('\\') == std::string_view::npos) {
    return substitute(pattern, text, count, false,
                      [&](std::string& out, const std::optional<Match>&) { out += replacement_template; });
  }
  const ReplacementTemplate compiled = ReplacementTemplate::parse(pattern, replacement_template);
  if (!compiled.has_group_references()) {
    const std::string literal = compiled.literal_text();
    return substitute(pattern, text, count, false,
                      [&](std::string& out, const std::optional<Match>&) { out += literal; });
  }
  return substitute(pattern, text, count, true, [&](std::string& out, const std::optional<Match>& match) {
    compiled.expand_into(out, *match, text);
  });
}

SubResult sub(const Pattern& pattern, const Text& text, const Replacer& replacer, int64_t count) {
  return substitute(pattern, text, count, true,
                    [&](std::string& out, const std::optional<Match>& match) { out += replacer(*match); });
}

std::string escape(std::string_view text_utf8) {
  // re._special_chars_map: these ASCII characters get a backslash.
  constexpr std::string_view kSpecial = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f";
  std::string out;
  out.reserve(text_utf8.size());
  for (char c : text_utf8) {
    if (kSpecial.find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

}  // namespace backstep::regex
