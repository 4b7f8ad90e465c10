#include "engine/pyrandom/seed_keys.h"

#include "engine/pyrandom/float_hash.h"
#include "engine/pyrandom/sha512.h"

#include <string>

namespace backstep::pyrandom {
namespace {

// Splits a big-endian byte string, read as one non-negative int, into
// 32-bit words from the least significant end.
SeedKey key_from_big_endian(const std::string& bytes) {
  SeedKey key;
  size_t end = bytes.size();
  while (end > 0) {
    size_t begin = end >= 4 ? end - 4 : 0;
    uint32_t word = 0;
    for (size_t i = begin; i < end; ++i) word = (word << 8) | static_cast<uint8_t>(bytes[i]);
    key.push_back(word);
    end = begin;
  }
  // The int's bit length decides how many words CPython passes: leading
  // zero bytes (a digest can start with some) add no words.
  while (key.size() > 1 && key.back() == 0) key.pop_back();
  if (key.empty()) key.push_back(0);
  return key;
}

// Decodes one code point of well-formed UTF-8 (backstep's str invariant)
// starting at `pos`, advancing `pos` past it.
uint32_t next_code_point(std::string_view utf8, size_t& pos) {
  auto byte = static_cast<uint8_t>(utf8[pos++]);
  if (byte < 0x80) return byte;
  int continuation = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1;
  uint32_t cp = byte & (0x3FU >> continuation);
  for (int i = 0; i < continuation && pos < utf8.size(); ++i)
    cp = (cp << 6) | (static_cast<uint8_t>(utf8[pos++]) & 0x3FU);
  return cp;
}

}  // namespace

SeedKey key_from_uint64(uint64_t n) {
  auto low = static_cast<uint32_t>(n);
  auto high = static_cast<uint32_t>(n >> 32);
  if (high == 0) return {low};
  return {low, high};
}

SeedKey key_from_int(int64_t n) {
  // Negate in unsigned arithmetic so that INT64_MIN does not overflow.
  uint64_t magnitude = n < 0 ? uint64_t{0} - static_cast<uint64_t>(n) : static_cast<uint64_t>(n);
  return key_from_uint64(magnitude);
}

SeedKey key_from_float(double x) { return key_from_uint64(static_cast<uint64_t>(python_float_hash(x))); }

SeedKey key_from_str_v2(std::string_view utf8) {
  Sha512Digest digest = sha512(utf8);
  std::string bytes(utf8);
  bytes.append(reinterpret_cast<const char*>(digest.data()), digest.size());
  return key_from_big_endian(bytes);
}

SeedKey key_from_str_v1(std::string_view utf8) {
  // Arithmetic modulo 2**64 is exactly CPython's `& 0xFFFFFFFFFFFFFFFF`.
  uint64_t x = 0;
  uint64_t length = 0;
  size_t pos = 0;
  while (pos < utf8.size()) {
    uint32_t cp = next_code_point(utf8, pos);
    if (length == 0) x = uint64_t{cp} << 7;  // ord(a[0]) << 7
    x = (1000003 * x) ^ cp;
    ++length;
  }
  x ^= length;  // len(a) counts code points
  return key_from_uint64(x);
}

}  // namespace backstep::pyrandom
