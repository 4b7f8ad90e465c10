// Code points and character classes of backstep's str values, which are
// UTF-8: decoding and encoding, code-point positions (Text), and Python's
// classes and case mapping (ASCII exactly; Latin-1, Latin Extended-A, Greek
// and Cyrillic letters; other scripts as letters without case).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace backstep::rt::text {

// Strings are UTF-8; Python indexes them by code point. Searching works on
// the bytes (a valid UTF-8 needle only matches at character boundaries), and
// indices are converted at the edges. ASCII strings need no conversion.

inline size_t utf8_width(unsigned char lead) { return lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1; }

// The code point at byte i (advanced past it).
uint32_t decode_at(std::string_view s, size_t& i);
void encode_to(uint32_t cp, std::string& out);
std::vector<uint32_t> decode(std::string_view s);
int64_t cp_count(std::string_view s);

// A string with code-point positions: byte(i) is where code point i starts
// (byte(len) is the end), cp(b) the code point at byte b.
struct Text {
  explicit Text(const std::string& str) : s(str) {
    ascii = std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    len = ascii ? static_cast<int64_t>(s.size()) : cp_count(s);
  }
  size_t byte(int64_t cp) const {
    if (ascii) return static_cast<size_t>(cp);
    size_t b = 0;
    for (int64_t k = 0; k < cp && b < s.size(); ++k) b += utf8_width(static_cast<unsigned char>(s[b]));
    return std::min(b, s.size());
  }
  int64_t cp(size_t b) const { return ascii ? static_cast<int64_t>(b) : cp_count(std::string_view(s).substr(0, b)); }

  const std::string& s;
  bool ascii = true;
  int64_t len = 0;
};

bool cp_space(uint32_t c);       // str.isspace, split()'s separators
bool cp_line_break(uint32_t c);  // where splitlines() splits
uint32_t cp_lower(uint32_t c);
uint32_t cp_upper(uint32_t c);
bool cp_is_upper(uint32_t c);
bool cp_is_lower(uint32_t c);
bool cp_cased(uint32_t c);
bool cp_digit(uint32_t c);
bool cp_alpha(uint32_t c);
bool cp_printable(uint32_t c);

bool is_identifier(const std::string& s);
bool is_title(const std::string& s);
// isupper/islower: some cased character, and none of the other case.
bool has_case(const std::string& s, bool upper);
// upper()/lower() of one character (ß uppercases to SS).
void append_upper(uint32_t c, std::string& out);
void append_lower(uint32_t c, std::string& out);

// Every character passes (false for '').
template <class Pred>
bool all_chars(const std::string& s, Pred pred) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size();)
    if (!pred(decode_at(s, i))) return false;
  return true;
}

// The string with each character replaced by what f(c, out) appends.
template <class F>
std::string map_chars(const std::string& s, F f) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) f(decode_at(s, i), out);
  return out;
}

}  // namespace backstep::rt::text
