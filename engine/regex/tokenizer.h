// Reads a pattern (or replacement template) the way re._parser.Tokenizer
// does: one token at a time, a token being one code point or a backslash and
// the code point after it. Error positions are computed from the same
// "tell()" so that messages carry CPython's positions.
#pragma once

#include "engine/regex/error.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace backstep::regex {

class Tokenizer {
 public:
  // Throws "bad escape (end of pattern)" when the text ends in a backslash
  // that the first token reaches.
  Tokenizer(std::u32string_view text, std::string_view text_utf8);

  // The current token; empty at the end (Python's None).
  std::u32string_view next() const { return text_.substr(token_start_, token_size_); }
  bool at_end() const { return token_size_ == 0; }
  // The current token is exactly the single character c.
  bool next_is(char32_t c) const { return token_size_ == 1 && text_[token_start_] == c; }
  bool next_in(std::u32string_view chars) const;

  // Consumes the current token if it is the single character c.
  bool match(char32_t c);
  // Returns the current token and moves past it.
  std::u32string get();
  // Up to n tokens that are single characters from `chars`.
  std::u32string get_while(int n, std::u32string_view chars);
  // Tokens up to `terminator`, which is consumed; errors name `what`
  // ("group name", "character name").
  std::u32string get_until(char32_t terminator, std::string_view what);

  // The index where the current token starts.
  int64_t tell() const { return static_cast<int64_t>(token_start_); }
  void seek(int64_t index);

  // re.error at tell() - offset.
  [[noreturn]] void fail(const std::string& message, int64_t offset = 0) const;

  std::u32string_view text() const { return text_; }
  std::string_view text_utf8() const { return utf8_; }

 private:
  void advance();  // reads the token at index_

  std::u32string_view text_;
  std::string_view utf8_;
  size_t index_ = 0;  // where the token after the current one starts
  size_t token_start_ = 0;
  size_t token_size_ = 0;
};

// What the pattern parser and the replacement-template parser both ask of a
// character, and the group limit both check (_sre.MAXGROUPS).
inline bool is_ascii_letter(char32_t c) { return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z'); }
inline bool is_octal(char32_t c) { return c >= U'0' && c <= U'7'; }
inline bool is_decimal(char32_t c) { return c >= U'0' && c <= U'9'; }
inline constexpr uint64_t kMaxGroups = 1073741823;

}  // namespace backstep::regex
