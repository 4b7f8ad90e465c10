// hash() of str and bytes: SipHash-1-3 keyed by the PYTHONHASHSEED secret.
#include <algorithm>
#include <stdexcept>

#include "engine/pyhash/py_hash.h"
#include "engine/pyhash/siphash13.h"

namespace backstep::pyhash {
namespace {

// Decodes one code point of (generalised) UTF-8 starting at text[pos] and
// advances pos.  Surrogate code points are allowed: a Python str can hold
// them and backstep stores such strings in this extended form.
char32_t decode_code_point(std::string_view text, size_t& pos) {
  auto lead = static_cast<unsigned char>(text[pos]);
  if (lead < 0x80) {
    ++pos;
    return lead;
  }
  int length = 0;
  char32_t value = 0;
  char32_t minimum = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, value = lead & 0x1F, minimum = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, value = lead & 0x0F, minimum = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, value = lead & 0x07, minimum = 0x10000;
  } else {
    throw std::invalid_argument("hash_str: invalid UTF-8 lead byte");
  }
  if (pos + static_cast<size_t>(length) > text.size()) {
    throw std::invalid_argument("hash_str: truncated UTF-8 sequence");
  }
  for (int i = 1; i < length; ++i) {
    auto next = static_cast<unsigned char>(text[pos + static_cast<size_t>(i)]);
    if ((next & 0xC0) != 0x80) throw std::invalid_argument("hash_str: invalid UTF-8 continuation");
    value = (value << 6) | (next & 0x3F);
  }
  if (value < minimum || value > 0x10FFFF) {
    throw std::invalid_argument("hash_str: overlong or out-of-range UTF-8");
  }
  pos += static_cast<size_t>(length);
  return value;
}

// PEP 393 stores a str with the narrowest unit that fits every code point.
int unit_width(char32_t widest) {
  if (widest < 0x100) return 1;
  if (widest < 0x10000) return 2;
  return 4;
}

int64_t finish_hash(SipHash13& sip) {
  auto hash = static_cast<int64_t>(sip.finish());
  return hash == -1 ? -2 : hash;
}

bool is_ascii(std::string_view text) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

}  // namespace

int64_t hash_bytes(std::span<const uint8_t> bytes, const HashSecret& secret) {
  if (bytes.empty()) return 0;  // CPython special-cases empty input
  SipHash13 sip(secret.k0, secret.k1);
  sip.update(bytes);
  return finish_hash(sip);
}

int64_t hash_bytes(std::span<const uint8_t> bytes) {
  return hash_bytes(bytes, process_hash_secret());
}

int64_t hash_str(std::string_view utf8, const HashSecret& secret) {
  // ASCII text is its own 1-byte-per-code-point representation.
  if (is_ascii(utf8)) {
    return hash_bytes({reinterpret_cast<const uint8_t*>(utf8.data()), utf8.size()}, secret);
  }
  char32_t widest = 0;
  for (size_t pos = 0; pos < utf8.size();) widest = std::max(widest, decode_code_point(utf8, pos));
  int width = unit_width(widest);
  SipHash13 sip(secret.k0, secret.k1);
  for (size_t pos = 0; pos < utf8.size();) sip.update_unit(decode_code_point(utf8, pos), width);
  return finish_hash(sip);
}

int64_t hash_str(std::string_view utf8) { return hash_str(utf8, process_hash_secret()); }

int64_t hash_code_points(std::span<const char32_t> code_points, const HashSecret& secret) {
  if (code_points.empty()) return 0;
  char32_t widest = 0;
  for (char32_t c : code_points) widest = std::max(widest, c);
  int width = unit_width(widest);
  SipHash13 sip(secret.k0, secret.k1);
  for (char32_t c : code_points) sip.update_unit(c, width);
  return finish_hash(sip);
}

}  // namespace backstep::pyhash
