#include "engine/runtime/str_chars.h"

namespace backstep::rt::text {

uint32_t decode_at(std::string_view s, size_t& i) {
  auto c = static_cast<unsigned char>(s[i]);
  size_t n = std::min(utf8_width(c), s.size() - i);
  uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
  for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  i += n;
  return cp;
}

void encode_to(uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::vector<uint32_t> decode(std::string_view s) {
  std::vector<uint32_t> out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) out.push_back(decode_at(s, i));
  return out;
}

int64_t cp_count(std::string_view s) {
  int64_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}


// --- character classes (ASCII exactly, Latin-1, Greek and Cyrillic letters) -

bool cp_space(uint32_t c) {
  return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}
// What splitlines() splits at.
bool cp_line_break(uint32_t c) {
  return c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || c == 0x1C || c == 0x1D || c == 0x1E || c == 0x85 ||
         c == 0x2028 || c == 0x2029;
}

uint32_t cp_lower(uint32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
  if ((c >= 0xC0 && c <= 0xDE && c != 0xD7) || (c >= 0x391 && c <= 0x3AB && c != 0x3A2) || (c >= 0x410 && c <= 0x42F))
    return c + 32;
  if (c >= 0x400 && c <= 0x40F) return c + 80;
  if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x138 && c != 0x149 && c != 0x178 && c != 0x17F) {
    bool even_upper = (c < 0x138) || (c > 0x149 && c < 0x178);
    bool is_upper = even_upper ? (c % 2 == 0) : (c % 2 == 1);
    return is_upper ? c + 1 : c;
  }
  if (c == 0x178) return 0xFF;
  return c;
}

uint32_t cp_upper(uint32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z' ? c - 32 : c;
  if (c == 0xB5) return 0x39C;
  if ((c >= 0xE0 && c <= 0xFE && c != 0xF7) || (c >= 0x3B1 && c <= 0x3CB && c != 0x3C2) || (c >= 0x430 && c <= 0x44F))
    return c - 32;
  if (c == 0x3C2) return 0x3A3;
  if (c >= 0x450 && c <= 0x45F) return c - 80;
  if (c == 0xFF) return 0x178;
  if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149 && c != 0x178 && c != 0x17F) {
    bool even_upper = (c < 0x138) || (c > 0x149 && c < 0x178);
    bool is_lower = even_upper ? (c % 2 == 1) : (c % 2 == 0);
    return is_lower ? c - 1 : c;
  }
  if (c == 0x131) return 'I';
  if (c == 0x17F) return 'S';
  return c;
}

bool cp_is_upper(uint32_t c) { return cp_lower(c) != c || c == 0x130; }
bool cp_is_lower(uint32_t c) { return cp_upper(c) != c || c == 0xDF || c == 0x138 || c == 0x149 || c == 0xAA || c == 0xBA; }
bool cp_cased(uint32_t c) { return cp_is_upper(c) || cp_is_lower(c); }

bool cp_digit(uint32_t c) { return c >= '0' && c <= '9'; }
bool cp_alpha(uint32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  if (c < 0x100) return c == 0xAA || c == 0xB5 || c == 0xBA || (c >= 0xC0 && c != 0xD7 && c != 0xF7);
  // Beyond Latin-1: letters, except spaces, punctuation and symbol blocks.
  if (cp_space(c)) return false;
  if ((c >= 0x2000 && c <= 0x2BFF) || (c >= 0x3000 && c <= 0x303F) || (c >= 0xFE30 && c <= 0xFE4F) ||
      (c >= 0xFF00 && c <= 0xFF20) || (c >= 0x1F000 && c <= 0x1FAFF))
    return false;
  return true;
}
bool cp_printable(uint32_t c) {
  if (c < 0x20 || (c >= 0x7F && c <= 0xA0) || c == 0xAD) return false;
  return c == ' ' || !cp_space(c);
}


// isupper/islower: some cased character, and none of the other case.
bool has_case(const std::string& s, bool upper) {
  bool cased = false;
  for (size_t i = 0; i < s.size();) {
    uint32_t c = decode_at(s, i);
    if (upper ? cp_is_lower(c) : cp_is_upper(c)) return false;
    cased |= upper ? cp_is_upper(c) : cp_is_lower(c);
  }
  return cased;
}

// str.isidentifier: a letter or '_' then letters, digits and '_'.
bool is_identifier(const std::string& s) {
  if (s.empty()) return false;
  bool first = true;
  for (size_t i = 0; i < s.size();) {
    uint32_t c = decode_at(s, i);
    bool ok = c == '_' || cp_alpha(c) || (!first && (cp_digit(c) || c == 0xB7));
    if (!ok) return false;
    first = false;
  }
  return true;
}

// str.istitle: uppercase letters only after uncased characters, lowercase
// only after cased ones, and at least one cased letter.
bool is_title(const std::string& s) {
  bool cased = false, previous_cased = false;
  for (size_t i = 0; i < s.size();) {
    uint32_t c = decode_at(s, i);
    if (cp_is_upper(c)) {
      if (previous_cased) return false;
      previous_cased = cased = true;
    } else if (cp_is_lower(c)) {
      if (!previous_cased) return false;
      previous_cased = cased = true;
    } else {
      previous_cased = false;
    }
  }
  return cased;
}

void append_upper(uint32_t c, std::string& out) {
  if (c == 0xDF) {
    out += "SS";
    return;
  }
  encode_to(cp_upper(c), out);
}

void append_lower(uint32_t c, std::string& out) {
  if (c == 0x130) {
    out += "i\xCC\x87";  // İ lowercases to i + combining dot above
    return;
  }
  encode_to(cp_lower(c), out);
}

}  // namespace backstep::rt::text
