// A Python str as the matcher sees it: code points, decoded once from the
// interpreter's UTF-8, plus where each code point starts in that UTF-8 so
// that results are cut from the original bytes (positions are code points,
// as in Python, never bytes).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace backstep::regex {

// UTF-8 <-> code points. Decoding is lenient (surrogates encoded in three
// bytes, as a str holding lone surrogates is stored, come back unchanged);
// a byte that starts no valid sequence decodes to U+FFFD.
std::u32string decode_utf8(std::string_view utf8);
std::string encode_utf8(std::u32string_view code_points);
void append_utf8(std::string& out, char32_t code_point);

class Text {
 public:
  explicit Text(std::string_view utf8);

  int64_t size() const { return static_cast<int64_t>(chars_.size()); }
  std::u32string_view chars() const { return chars_; }
  const std::string& utf8() const { return utf8_; }
  // The UTF-8 of code points [start, end), copied from the original bytes.
  std::string slice(int64_t start, int64_t end) const;

 private:
  size_t byte_offset(int64_t index) const;

  std::string utf8_;
  std::u32string chars_;
  // Byte offset of each code point (and one past the end); left empty for
  // pure ASCII, where the offset is the index.
  std::vector<size_t> offsets_;
};

}  // namespace backstep::regex
