// The Mersenne Twister MT19937 generator exactly as CPython's `_random`
// module drives it, so that every number backstep's `random` module produces
// is the one CPython 3.11 produces after the same seed.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace backstep::pyrandom {

class MersenneTwister {
 public:
  static constexpr size_t kStateWords = 624;

  // An unseeded generator holds the reference implementation's default
  // state (init_genrand(5489)); Random.__init__ always reseeds it anyway.
  MersenneTwister();

  // Matsumoto & Nishimura's init_by_array.  CPython seeds every int, float
  // hash, str digest and OS entropy through this, never through a single
  // 32-bit seed, so it is the only seeding entry point.  An empty key is
  // treated as the one-word key {0}, as CPython does for seed(0).
  void seed_by_key(std::span<const uint32_t> key);

  // The next tempered 32-bit output.
  uint32_t next_uint32();

  // random(): a float in [0, 1) with 53 random bits, built from two outputs
  // (27 high bits of the first, 26 of the second) as CPython does.
  double next_double();

  // getrandbits(k) for 1 <= k <= 64.  Words are drawn least significant
  // first and only the last (most significant) one is cut down to its
  // remaining bits, keeping the *high* bits of that output, as CPython does;
  // so getrandbits(64) consumes two outputs and the first is the low word.
  uint64_t next_bits(int k);

  // CPython's Random._randbelow_with_getrandbits for 1 <= n < 2**64: draw
  // n.bit_length() bits until the value is below n.
  uint64_t next_below(uint64_t n);

  // The state as CPython's getstate() reports it: the 624 words and the
  // position of the next word to temper (0..624).
  const std::array<uint32_t, kStateWords>& words() const { return mt_; }
  size_t position() const { return index_; }

  // Loads a state; position must be <= 624 (callers check and report).
  void load(const std::array<uint32_t, kStateWords>& words, size_t position);

 private:
  void init_genrand(uint32_t seed);
  void regenerate();  // the "twist": refills all 624 words

  std::array<uint32_t, kStateWords> mt_{};
  size_t index_ = kStateWords;
};

}  // namespace backstep::pyrandom
