// Numeric, identity and container hashes (str and bytes: str_hash.cpp).
#include "engine/pyhash/py_hash.h"

#include <bit>
#include <cmath>

namespace backstep::pyhash {
namespace {

// -1 is how CPython's C API signals an error, so no hash may be -1.
int64_t avoid_error_marker(int64_t hash) { return hash == -1 ? -2 : hash; }

// x * 2**shift modulo 2**61 - 1, for x below the modulus: since
// 2**61 == 1 (mod 2**61 - 1), multiplying by a power of two rotates x's 61
// bits.  The result stays below the modulus (only all-ones would not).
uint64_t times_power_of_two(uint64_t x, int shift) {
  if (shift == 0) return x;
  return ((x << shift) & kHashModulus) | (x >> (kHashBits - shift));
}

// xxHash's 64-bit primes, which CPython's tuple hash uses.
constexpr uint64_t kXxPrime1 = 11400714785074694791ULL;
constexpr uint64_t kXxPrime2 = 14029467366897019727ULL;
constexpr uint64_t kXxPrime5 = 2870177450012600261ULL;

}  // namespace

int64_t hash_int(int64_t value) {
  // |value| as unsigned so that INT64_MIN (2**63, i.e. 4 mod p) is fine.
  uint64_t magnitude = value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  auto reduced = static_cast<int64_t>(magnitude % kHashModulus);
  return avoid_error_marker(value < 0 ? -reduced : reduced);
}

int64_t hash_bool(bool value) { return value ? 1 : 0; }

int64_t hash_double(double value, uintptr_t identity) {
  if (std::isnan(value)) return hash_pointer(identity);
  if (std::isinf(value)) return value > 0 ? kHashInf : -kHashInf;
  if (value == 0) return 0;  // both zeros
  // |value| == mantissa * 2**exponent exactly, mantissa an integer < 2**53
  // (already below the modulus).
  int frexp_exponent = 0;
  double fraction = std::frexp(std::fabs(value), &frexp_exponent);
  auto mantissa = static_cast<uint64_t>(std::ldexp(fraction, 53));
  int exponent = frexp_exponent - 53;
  // 2 has order 61 modulo the prime, so 2**exponent == 2**(exponent mod 61),
  // negative exponents (inverses) included.
  int shift = ((exponent % kHashBits) + kHashBits) % kHashBits;
  auto reduced = static_cast<int64_t>(times_power_of_two(mantissa, shift));
  return avoid_error_marker(value < 0 ? -reduced : reduced);
}

int64_t hash_pointer(uintptr_t address) {
  uint64_t rotated = std::rotr(static_cast<uint64_t>(address), 4);
  return avoid_error_marker(static_cast<int64_t>(rotated));
}

int64_t hash_tuple(std::span<const int64_t> element_hashes) {
  uint64_t acc = kXxPrime5;
  for (int64_t hash : element_hashes) {
    acc += static_cast<uint64_t>(hash) * kXxPrime2;
    acc = std::rotl(acc, 31);
    acc *= kXxPrime1;
  }
  // The length, mangled so that hash(()) kept its pre-3.8 value.
  acc += static_cast<uint64_t>(element_hashes.size()) ^ (kXxPrime5 ^ 3527539ULL);
  // CPython substitutes this constant rather than -2 here.
  if (acc == static_cast<uint64_t>(-1)) return 1546275796;
  return static_cast<int64_t>(acc);
}

uint64_t frozenset_hash_term(int64_t element_hash) {
  // Spreads the bits of nearby hashes, so that sets of small ints (and
  // nested frozensets) do not collapse onto a few xor values.
  auto h = static_cast<uint64_t>(element_hash);
  return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL;
}

int64_t frozenset_hash_finish(uint64_t xor_of_terms, size_t element_count) {
  uint64_t hash = xor_of_terms;
  hash ^= (static_cast<uint64_t>(element_count) + 1) * 1927868237ULL;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069U + 907133923ULL;
  if (hash == static_cast<uint64_t>(-1)) hash = 590923713ULL;
  return static_cast<int64_t>(hash);
}

int64_t hash_frozenset(std::span<const int64_t> element_hashes) {
  // xor is commutative, so the hash does not depend on the table's order.
  uint64_t terms = 0;
  for (int64_t hash : element_hashes) terms ^= frozenset_hash_term(hash);
  return frozenset_hash_finish(terms, element_hashes.size());
}

}  // namespace backstep::pyhash
