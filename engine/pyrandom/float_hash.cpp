#include "engine/pyrandom/float_hash.h"

#include <cmath>

namespace backstep::pyrandom {
namespace {

constexpr int kModulusBits = 61;
constexpr uint64_t kModulus = (uint64_t{1} << kModulusBits) - 1;  // 2**61 - 1, prime
constexpr int64_t kInfinityHash = 314159;

// x * 2**shift mod (2**61 - 1) for x < 2**61 - 1: because 2**61 == 1 modulo
// the modulus, multiplying by a power of two is a rotation of the 61 bits.
uint64_t rotate_left_61(uint64_t x, int shift) {
  if (shift == 0) return x;
  return ((x << shift) & kModulus) | (x >> (kModulusBits - shift));
}

}  // namespace

int64_t python_float_hash(double x) {
  if (std::isnan(x)) return 0;
  if (std::isinf(x)) return x > 0 ? kInfinityHash : -kInfinityHash;
  // |x| == mantissa * 2**exponent exactly, with an integer mantissa < 2**53
  // (already reduced, being below the modulus).
  int frexp_exponent = 0;
  double fraction = std::frexp(std::fabs(x), &frexp_exponent);
  auto mantissa = static_cast<uint64_t>(std::ldexp(fraction, 53));
  int exponent = frexp_exponent - 53;
  // 2**exponent for a negative exponent is the inverse of 2**-exponent; both
  // reduce to 2**(exponent mod 61) since 2 has order 61 modulo 2**61 - 1.
  int shift = ((exponent % kModulusBits) + kModulusBits) % kModulusBits;
  auto reduced = static_cast<int64_t>(rotate_left_61(mantissa, shift));
  int64_t hash = x < 0 ? -reduced : reduced;
  return hash == -1 ? -2 : hash;  // -1 is CPython's error marker
}

}  // namespace backstep::pyrandom
