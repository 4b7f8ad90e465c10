#include "engine/pyhash/siphash13.h"

#include <bit>

namespace backstep::pyhash {
namespace {

// One SipRound (Aumasson & Bernstein, "SipHash: a fast short-input PRF").
void sip_round(uint64_t& v0, uint64_t& v1, uint64_t& v2, uint64_t& v3) {
  v0 += v1;
  v1 = std::rotl(v1, 13) ^ v0;
  v0 = std::rotl(v0, 32);
  v2 += v3;
  v3 = std::rotl(v3, 16) ^ v2;
  v0 += v3;
  v3 = std::rotl(v3, 21) ^ v0;
  v2 += v1;
  v1 = std::rotl(v1, 17) ^ v2;
  v2 = std::rotl(v2, 32);
}

}  // namespace

SipHash13::SipHash13(uint64_t k0, uint64_t k1)
    // The initialisation constants spell "somepseudorandomlygeneratedbytes".
    : v0_(k0 ^ 0x736f6d6570736575ULL),
      v1_(k1 ^ 0x646f72616e646f6dULL),
      v2_(k0 ^ 0x6c7967656e657261ULL),
      v3_(k1 ^ 0x7465646279746573ULL) {}

void SipHash13::compress(uint64_t word) {
  v3_ ^= word;
  sip_round(v0_, v1_, v2_, v3_);
  v0_ ^= word;
}

void SipHash13::update_byte(uint8_t byte) {
  pending_ |= uint64_t{byte} << (8 * pending_bytes_);
  ++total_bytes_;
  if (++pending_bytes_ == 8) {
    compress(pending_);
    pending_ = 0;
    pending_bytes_ = 0;
  }
}

void SipHash13::update(std::span<const uint8_t> bytes) {
  size_t i = 0;
  while (i < bytes.size() && pending_bytes_ != 0) update_byte(bytes[i++]);
  // Whole words straight from the input while aligned on a word boundary.
  for (; i + 8 <= bytes.size(); i += 8) {
    uint64_t word = 0;
    for (int b = 7; b >= 0; --b) word = (word << 8) | bytes[i + static_cast<size_t>(b)];
    compress(word);
    total_bytes_ += 8;
  }
  while (i < bytes.size()) update_byte(bytes[i++]);
}

void SipHash13::update_unit(uint32_t unit, int width) {
  for (int b = 0; b < width; ++b) update_byte(static_cast<uint8_t>(unit >> (8 * b)));
}

uint64_t SipHash13::finish() {
  // The last block: the remaining bytes plus the length's low byte on top.
  uint64_t last = pending_ | (total_bytes_ << 56);
  compress(last);
  v2_ ^= 0xff;
  for (int round = 0; round < 3; ++round) sip_round(v0_, v1_, v2_, v3_);
  return v0_ ^ v1_ ^ v2_ ^ v3_;
}

}  // namespace backstep::pyhash
