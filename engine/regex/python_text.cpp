#include "engine/regex/python_text.h"

#include "engine/regex/text.h"
#include "engine/regex/unicode.h"

#include <cstdio>

namespace backstep::regex {
namespace {

// Characters str.isprintable() rejects: Cc, Cf, Cs, Co, Zl, Zp and Zs other
// than the ASCII space (the common ones; see the header).
bool is_printable(char32_t c) {
  if (c < 0x20 || (c >= 0x7F && c <= 0xA0) || c == 0xAD) return false;
  if (c < 0x100) return true;
  struct Span { char32_t first, last; };
  static constexpr Span kHidden[] = {
      {0x600, 0x605},   {0x61C, 0x61C},   {0x6DD, 0x6DD},   {0x70F, 0x70F},
      {0x890, 0x891},   {0x8E2, 0x8E2},   {0x1680, 0x1680}, {0x180E, 0x180E},
      {0x2000, 0x200F}, {0x2028, 0x202F}, {0x205F, 0x2064}, {0x2066, 0x206F},
      {0x3000, 0x3000}, {0xD800, 0xF8FF}, {0xFEFF, 0xFEFF}, {0xFFF9, 0xFFFB},
      {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x1D173, 0x1D17A},
      {0xE0001, 0xE0001}, {0xE0020, 0xE007F}, {0xF0000, 0x10FFFF},
  };
  for (const Span& span : kHidden) {
    if (c >= span.first && c <= span.last) return false;
  }
  return true;
}

void append_escape(std::string& out, char32_t c) {
  char buffer[16];
  if (c < 0x100) {
    std::snprintf(buffer, sizeof buffer, "\\x%02x", static_cast<unsigned>(c));
  } else if (c < 0x10000) {
    std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
  } else {
    std::snprintf(buffer, sizeof buffer, "\\U%08x", static_cast<unsigned>(c));
  }
  out += buffer;
}

// XID_Start / XID_Continue: exact for Latin-1, approximated by \w (minus
// digits at the start) beyond it.
bool is_identifier_char(char32_t c, bool first) {
  if (c < 0x100) {
    if (c == '_' || unicode::ascii_is_alpha(c)) return true;
    if (unicode::ascii_is_digit(c) || c == 0xB7) return !first;  // 0xB7: middle dot
    return c == 0xAA || c == 0xB5 || c == 0xBA || (c >= 0xC0 && c != 0xD7 && c != 0xF7);
  }
  return unicode::is_word(c) && !(first && unicode::is_digit(c));
}

}  // namespace

std::string python_repr(std::u32string_view s) {
  // Python prefers single quotes, switching to double quotes when the text
  // has a single quote and no double quote.
  const bool has_single = s.find(U'\'') != std::u32string_view::npos;
  const bool has_double = s.find(U'"') != std::u32string_view::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  std::string out(1, quote);
  for (char32_t c : s) {
    if (c == static_cast<char32_t>(quote) || c == U'\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == U'\t') {
      out += "\\t";
    } else if (c == U'\n') {
      out += "\\n";
    } else if (c == U'\r') {
      out += "\\r";
    } else if (!is_printable(c)) {
      append_escape(out, c);
    } else {
      append_utf8(out, c);
    }
  }
  out += quote;
  return out;
}

std::optional<ParsedInt> parse_python_int(std::u32string_view s) {
  size_t begin = 0, end = s.size();
  while (begin < end && unicode::is_space(s[begin])) ++begin;
  while (end > begin && unicode::is_space(s[end - 1])) --end;
  ParsedInt result;
  if (begin < end && (s[begin] == U'+' || s[begin] == U'-')) {
    result.negative = s[begin] == U'-';
    ++begin;
  }
  if (begin == end) return std::nullopt;
  bool previous_was_digit = false;
  for (size_t i = begin; i < end; ++i) {
    if (s[i] == U'_') {
      // An underscore must sit between two digits.
      if (!previous_was_digit || i + 1 == end) return std::nullopt;
      previous_was_digit = false;
      continue;
    }
    const int digit = unicode::decimal_value(s[i]);
    if (digit < 0) return std::nullopt;
    previous_was_digit = true;
    if (!(result.digits.empty() && digit == 0)) result.digits += static_cast<char>('0' + digit);
    const uint64_t limit = UINT64_MAX / 10;
    result.value = result.value > limit ? UINT64_MAX : result.value * 10;
    result.value = result.value > UINT64_MAX - digit ? UINT64_MAX : result.value + digit;
  }
  if (result.digits.empty()) result.digits = "0";
  if (result.value == 0) result.negative = false;  // int('-0') == 0
  return result;
}

bool is_identifier(std::u32string_view s) {
  if (s.empty() || !is_identifier_char(s[0], /*first=*/true)) return false;
  for (char32_t c : s.substr(1)) {
    if (!is_identifier_char(c, /*first=*/false)) return false;
  }
  return true;
}

bool is_ascii_decimal(std::u32string_view s) {
  if (s.empty()) return false;
  for (char32_t c : s) {
    if (!unicode::ascii_is_digit(c)) return false;
  }
  return true;
}

}  // namespace backstep::regex
