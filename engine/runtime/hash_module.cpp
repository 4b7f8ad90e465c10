// The _backstep_hash module: one-shot message digests (MD5, SHA-1,
// SHA-224, SHA-256, SHA-512 from engine/pyrandom) and CRC-32, which the
// pylib's hashlib and binascii build on. hashlib's objects keep the bytes
// fed to update() and digest them whole (the digests are cheap next to an
// interpreted loop; scripts hash file contents and small keys), so this
// file has no incremental state to expose.
//
// Written from the standards (RFC 1321, FIPS 180-4, ISO 3309's CRC-32 as
// zlib computes it), bit-exact with CPython's hashlib and zlib.
#include "engine/pyrandom/sha512.h"
#include "engine/runtime/bytes_object.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <cstring>

namespace backstep::rt {

namespace {

uint32_t rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }
uint32_t rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

// The message padded to whole 64-byte blocks, its bit length in the last
// 8 bytes (little-endian for MD5, big-endian for the SHAs).
std::string pad64(std::string_view m, bool big_endian) {
  std::string p(m);
  p += '\x80';
  while (p.size() % 64 != 56) p += '\0';
  uint64_t bits = static_cast<uint64_t>(m.size()) * 8;
  for (int i = 0; i < 8; ++i) {
    int shift = big_endian ? 8 * (7 - i) : 8 * i;
    p += static_cast<char>((bits >> shift) & 0xff);
  }
  return p;
}

uint32_t load_be(const unsigned char* b) {
  return (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) | (uint32_t(b[2]) << 8) | uint32_t(b[3]);
}
uint32_t load_le(const unsigned char* b) {
  return (uint32_t(b[3]) << 24) | (uint32_t(b[2]) << 16) | (uint32_t(b[1]) << 8) | uint32_t(b[0]);
}
void store(std::string& out, uint32_t v, bool big_endian) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (big_endian ? 8 * (3 - i) : 8 * i)) & 0xff);
}

std::string md5(std::string_view m) {
  static const std::array<int, 64> s = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                        5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                                        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
  static const std::array<uint32_t, 64> k = [] {
    std::array<uint32_t, 64> t{};
    for (int i = 0; i < 64; ++i) t[i] = static_cast<uint32_t>(std::fabs(std::sin(i + 1.0)) * 4294967296.0);
    return t;
  }();
  uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  std::string p = pad64(m, false);
  for (size_t off = 0; off < p.size(); off += 64) {
    const auto* blk = reinterpret_cast<const unsigned char*>(p.data() + off);
    uint32_t w[16];
    for (int i = 0; i < 16; ++i) w[i] = load_le(blk + 4 * i);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
      uint32_t f;
      int g;
      if (i < 16) f = (b & c) | (~b & d), g = i;
      else if (i < 32) f = (d & b) | (~d & c), g = (5 * i + 1) % 16;
      else if (i < 48) f = b ^ c ^ d, g = (3 * i + 5) % 16;
      else f = c ^ (b | ~d), g = (7 * i) % 16;
      uint32_t next = b + rotl(a + f + k[i] + w[g], s[i]);
      a = d;
      d = c;
      c = b;
      b = next;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d;
  }
  std::string out;
  for (uint32_t v : h) store(out, v, false);
  return out;
}

std::string sha1(std::string_view m) {
  uint32_t h[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
  std::string p = pad64(m, true);
  for (size_t off = 0; off < p.size(); off += 64) {
    const auto* blk = reinterpret_cast<const unsigned char*>(p.data() + off);
    uint32_t w[80];
    for (int i = 0; i < 16; ++i) w[i] = load_be(blk + 4 * i);
    for (int i = 16; i < 80; ++i) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; ++i) {
      uint32_t f, k;
      if (i < 20) f = (b & c) | (~b & d), k = 0x5a827999;
      else if (i < 40) f = b ^ c ^ d, k = 0x6ed9eba1;
      else if (i < 60) f = (b & c) | (b & d) | (c & d), k = 0x8f1bbcdc;
      else f = b ^ c ^ d, k = 0xca62c1d6;
      uint32_t t = rotl(a, 5) + f + e + k + w[i];
      e = d;
      d = c;
      c = rotl(b, 30);
      b = a;
      a = t;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
  }
  std::string out;
  for (uint32_t v : h) store(out, v, true);
  return out;
}

// SHA-256, or SHA-224 (other initial values, the first 28 bytes).
std::string sha256(std::string_view m, bool is224) {
  static const uint32_t k[64] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  if (is224) {
    const uint32_t h224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                              0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
    std::memcpy(h, h224, sizeof h);
  }
  std::string p = pad64(m, true);
  for (size_t off = 0; off < p.size(); off += 64) {
    const auto* blk = reinterpret_cast<const unsigned char*>(p.data() + off);
    uint32_t w[64];
    for (int i = 0; i < 16; ++i) w[i] = load_be(blk + 4 * i);
    for (int i = 16; i < 64; ++i) {
      uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; ++i) {
      uint32_t s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      uint32_t ch = (e & f) ^ (~e & g);
      uint32_t t1 = hh + s1 + ch + k[i] + w[i];
      uint32_t s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
      uint32_t t2 = s0 + maj;
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
  }
  std::string out;
  for (uint32_t v : h) store(out, v, true);
  if (is224) out.resize(28);
  return out;
}

// zlib's CRC-32 (reflected, polynomial 0xEDB88320), continuing from `crc`.
uint32_t crc32(std::string_view data, uint32_t crc) {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int j = 0; j < 8; ++j) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  crc = ~crc;
  for (unsigned char b : data) crc = table[(crc ^ b) & 0xff] ^ (crc >> 8);
  return ~crc;
}

const std::string& data_arg(const Args& a, const char* fn) {
  const std::string* d = a.pos.empty() ? nullptr : bytes_data(a.pos[0]);
  if (!d) raise_type_error(fmt::format("{}() argument must be bytes-like", fn));
  return *d;
}

}  // namespace

Value make_hash_module(Interpreter&) {
  auto m = make_module("_backstep_hash");
  m->def("md5", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "md5", 1, 1);
    return make_bytes(md5(data_arg(a, "md5")));
  });
  m->def("sha1", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "sha1", 1, 1);
    return make_bytes(sha1(data_arg(a, "sha1")));
  });
  m->def("sha224", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "sha224", 1, 1);
    return make_bytes(sha256(data_arg(a, "sha224"), true));
  });
  m->def("sha256", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "sha256", 1, 1);
    return make_bytes(sha256(data_arg(a, "sha256"), false));
  });
  m->def("sha512", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "sha512", 1, 1);
    auto d = pyrandom::sha512(data_arg(a, "sha512"));
    return make_bytes(std::string(reinterpret_cast<const char*>(d.data()), d.size()));
  });
  // crc32(data, value=0): CPython's zlib.crc32 / binascii.crc32.
  m->def("crc32", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "crc32", 1, 2);
    uint32_t start = 0;
    if (a.size() == 2) {
      if (!a.pos[1].is_int()) raise_type_error("crc32() argument 2 must be int");
      start = static_cast<uint32_t>(a.pos[1].as_int());
    }
    return Value(int64_t(crc32(data_arg(a, "crc32"), start)));
  });
  return Value(m);
}

}  // namespace backstep::rt
