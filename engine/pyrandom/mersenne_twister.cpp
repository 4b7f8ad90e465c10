#include "engine/pyrandom/mersenne_twister.h"

#include <algorithm>
#include <bit>

namespace backstep::pyrandom {
namespace {

constexpr size_t kN = MersenneTwister::kStateWords;
constexpr size_t kM = 397;                   // the middle word of the recurrence
constexpr uint32_t kMatrixA = 0x9908b0dfU;   // the twist matrix's last row
constexpr uint32_t kUpperMask = 0x80000000U; // bit 31: the "w - r" upper bits
constexpr uint32_t kLowerMask = 0x7fffffffU;

// One step of the twist: combine the top bit of `upper` with the low 31 bits
// of `lower`, multiply by the matrix A and add the word M positions ahead.
uint32_t twist(uint32_t upper, uint32_t lower, uint32_t ahead) {
  uint32_t y = (upper & kUpperMask) | (lower & kLowerMask);
  return ahead ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
}

// The tempering transform that makes the raw state words equidistributed.
uint32_t temper(uint32_t y) {
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= y >> 18;
  return y;
}

}  // namespace

MersenneTwister::MersenneTwister() { init_genrand(5489U); }

void MersenneTwister::init_genrand(uint32_t seed) {
  mt_[0] = seed;
  for (size_t i = 1; i < kN; ++i)
    mt_[i] = 1812433253U * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<uint32_t>(i);
  index_ = kN;  // the first draw twists
}

void MersenneTwister::seed_by_key(std::span<const uint32_t> key) {
  static constexpr uint32_t kZeroKey[1] = {0};
  if (key.empty()) key = kZeroKey;
  init_genrand(19650218U);
  // Mix the key into the state, cycling over whichever of the two is longer.
  size_t i = 1, j = 0;
  for (size_t k = std::max(kN, key.size()); k > 0; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + key[j] + static_cast<uint32_t>(j);
    if (++i >= kN) {
      mt_[0] = mt_[kN - 1];
      i = 1;
    }
    if (++j >= key.size()) j = 0;
  }
  // A second pass without the key diffuses it over every word.
  for (size_t k = kN - 1; k > 0; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) - static_cast<uint32_t>(i);
    if (++i >= kN) {
      mt_[0] = mt_[kN - 1];
      i = 1;
    }
  }
  mt_[0] = 0x80000000U;  // guarantees a non-zero state
  index_ = kN;
}

void MersenneTwister::regenerate() {
  size_t kk = 0;
  for (; kk < kN - kM; ++kk) mt_[kk] = twist(mt_[kk], mt_[kk + 1], mt_[kk + kM]);
  for (; kk < kN - 1; ++kk) mt_[kk] = twist(mt_[kk], mt_[kk + 1], mt_[kk + kM - kN]);
  mt_[kN - 1] = twist(mt_[kN - 1], mt_[0], mt_[kM - 1]);
  index_ = 0;
}

uint32_t MersenneTwister::next_uint32() {
  if (index_ >= kN) regenerate();
  return temper(mt_[index_++]);
}

double MersenneTwister::next_double() {
  uint32_t high27 = next_uint32() >> 5;
  uint32_t low26 = next_uint32() >> 6;
  // (high27 * 2**26 + low26) / 2**53, computed in double exactly as CPython.
  return (high27 * 67108864.0 + low26) * (1.0 / 9007199254740992.0);
}

uint64_t MersenneTwister::next_bits(int k) {
  if (k <= 32) return next_uint32() >> (32 - k);
  uint64_t low = next_uint32();
  uint64_t high = next_uint32() >> (64 - k);
  return (high << 32) | low;
}

uint64_t MersenneTwister::next_below(uint64_t n) {
  auto k = static_cast<int>(std::bit_width(n));  // n.bit_length(): n, not n - 1, as CPython
  uint64_t r = next_bits(k);
  while (r >= n) r = next_bits(k);
  return r;
}

void MersenneTwister::load(const std::array<uint32_t, kStateWords>& words, size_t position) {
  mt_ = words;
  index_ = position;
}

}  // namespace backstep::pyrandom
