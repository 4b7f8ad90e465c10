#include "engine/regex/text.h"

namespace backstep::regex {
namespace {

constexpr char32_t kReplacement = 0xFFFD;

bool is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// Decodes the sequence at utf8[i]; returns the code point and sets `length`.
char32_t decode_one(std::string_view utf8, size_t i, size_t& length) {
  const auto lead = static_cast<unsigned char>(utf8[i]);
  size_t need = 0;
  char32_t value = 0;
  if (lead < 0x80) {
    length = 1;
    return lead;
  } else if ((lead & 0xE0) == 0xC0) {
    need = 1;
    value = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    need = 2;
    value = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    need = 3;
    value = lead & 0x07;
  } else {
    length = 1;
    return kReplacement;
  }
  if (i + need >= utf8.size()) {  // truncated sequence
    length = 1;
    return kReplacement;
  }
  for (size_t k = 1; k <= need; ++k) {
    const auto byte = static_cast<unsigned char>(utf8[i + k]);
    if (!is_continuation(byte)) {
      length = 1;
      return kReplacement;
    }
    value = (value << 6) | (byte & 0x3F);
  }
  length = need + 1;
  return value;
}

}  // namespace

std::u32string decode_utf8(std::string_view utf8) {
  std::u32string out;
  out.reserve(utf8.size());
  size_t length = 0;
  for (size_t i = 0; i < utf8.size(); i += length) out.push_back(decode_one(utf8, i, length));
  return out;
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

std::string encode_utf8(std::u32string_view code_points) {
  std::string out;
  out.reserve(code_points.size());
  for (char32_t c : code_points) append_utf8(out, c);
  return out;
}

Text::Text(std::string_view utf8) : utf8_(utf8) {
  chars_.reserve(utf8.size());
  bool ascii = true;
  for (unsigned char byte : utf8) ascii = ascii && byte < 0x80;
  if (ascii) {
    chars_.assign(utf8.begin(), utf8.end());
    return;
  }
  offsets_.reserve(utf8.size() + 1);
  size_t length = 0;
  for (size_t i = 0; i < utf8.size(); i += length) {
    offsets_.push_back(i);
    chars_.push_back(decode_one(utf8, i, length));
  }
  offsets_.push_back(utf8.size());
}

size_t Text::byte_offset(int64_t index) const {
  return offsets_.empty() ? static_cast<size_t>(index) : offsets_[static_cast<size_t>(index)];
}

std::string Text::slice(int64_t start, int64_t end) const {
  if (end <= start) return {};
  const size_t from = byte_offset(start);
  return utf8_.substr(from, byte_offset(end) - from);
}

}  // namespace backstep::regex
