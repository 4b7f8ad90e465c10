#include "engine/pyrandom/primitives.h"

#include "engine/pyrandom/os_entropy.h"
#include "engine/pyrandom/seed_keys.h"

#include <climits>
#include <limits>

namespace backstep::pyrandom {
namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
// The words of CPython's state tuple: 624 state words and the position.
constexpr size_t kStateTupleSize = MersenneTwister::kStateWords + 1;

[[noreturn]] void raise_int64_overflow() {
  // Where CPython's result would be a big int, backstep's 64-bit ints
  // overflow; the same wording as the interpreter's other int overflows.
  throw PyRandomError("OverflowError", "integer overflow: backstep's ints are 64-bit");
}

// getrandbits takes a C int in CPython: reject what does not fit the way
// _PyLong_AsInt does, then negative counts.
int checked_bit_count(int64_t k) {
  if (k > INT_MAX || k < INT_MIN) throw PyRandomError("OverflowError", "Python int too large to convert to C int");
  if (k < 0) throw PyRandomError("ValueError", "number of bits must be non-negative");
  return static_cast<int>(k);
}

// getrandbits(k) for k > 64 draws the ceil(k / 32) words CPython draws (so
// the stream stays in step); the result is an int only if every bit above
// bit 62 came out 0, which is almost never.
int64_t wide_bits(MersenneTwister& mt, int k) {
  uint64_t low = mt.next_bits(64);
  bool fits = low <= static_cast<uint64_t>(kInt64Max);
  for (int remaining = k - 64; remaining > 0; remaining -= 32)
    if (mt.next_bits(remaining >= 32 ? 32 : remaining) != 0) fits = false;
  if (!fits) raise_int64_overflow();
  return static_cast<int64_t>(low);
}

}  // namespace

RandomHandle random_new() { return std::make_shared<MersenneTwister>(); }

void random_seed(MersenneTwister& mt, const SeedArg& a, int64_t version) {
  SeedKey key;
  if (std::holds_alternative<std::monostate>(a)) {
    key = entropy_seed_key();
  } else if (const auto* n = std::get_if<int64_t>(&a)) {
    key = key_from_int(*n);
  } else if (const auto* x = std::get_if<double>(&a)) {
    key = key_from_float(*x);
  } else {
    const auto& s = std::get<std::string>(a);
    key = version == 1 ? key_from_str_v1(s) : key_from_str_v2(s);
  }
  mt.seed_by_key(key);
}

double random_random(MersenneTwister& mt) { return mt.next_double(); }

// k == 64: the result is the two drawn words as an unsigned number; when its
// top bit is set it exceeds backstep's int64 and raises OverflowError (the
// words stay consumed, as in CPython).  Results of k <= 63 always fit.
int64_t random_getrandbits(MersenneTwister& mt, int64_t k) {
  int bits = checked_bit_count(k);
  if (bits == 0) return 0;
  if (bits > 64) return wide_bits(mt, bits);
  uint64_t value = mt.next_bits(bits);
  if (value > static_cast<uint64_t>(kInt64Max)) raise_int64_overflow();
  return static_cast<int64_t>(value);
}

int64_t random_randbelow(MersenneTwister& mt, int64_t n) {
  // CPython's loop never ends for n <= 0; callers always pass n > 0.
  if (n <= 0) throw PyRandomError("ValueError", "_randbelow() requires a positive bound");
  return static_cast<int64_t>(mt.next_below(static_cast<uint64_t>(n)));
}

std::vector<int64_t> random_getstate(const MersenneTwister& mt) {
  std::vector<int64_t> state(mt.words().begin(), mt.words().end());
  state.push_back(static_cast<int64_t>(mt.position()));
  return state;
}

void random_setstate(MersenneTwister& mt, std::span<const int64_t> state) {
  if (state.size() != kStateTupleSize) throw PyRandomError("ValueError", "state vector is the wrong size");
  std::array<uint32_t, MersenneTwister::kStateWords> words{};
  for (size_t i = 0; i < words.size(); ++i) {
    if (state[i] < 0) throw PyRandomError("OverflowError", "can't convert negative value to unsigned int");
    words[i] = static_cast<uint32_t>(state[i]);  // CPython keeps the low 32 bits
  }
  int64_t position = state.back();
  if (position < 0 || position > static_cast<int64_t>(MersenneTwister::kStateWords))
    throw PyRandomError("ValueError", "invalid state");
  mt.load(words, static_cast<size_t>(position));
}

double random_urandom_random() {
  // SystemRandom.random: int.from_bytes(urandom(7)) >> 3, times 2**-53.
  uint8_t bytes[7];
  if (!fill_os_random(bytes)) throw PyRandomError("OSError", "no OS entropy source is available");
  uint64_t value = 0;
  for (uint8_t b : bytes) value = (value << 8) | b;
  return static_cast<double>(value >> 3) * (1.0 / 9007199254740992.0);
}

int64_t random_urandom_getrandbits(int64_t k) {
  // SystemRandom.getrandbits: ceil(k / 8) big-endian bytes, excess low bits
  // shifted away.  Only k <= 63 always fits; k == 64 fits half the time.
  if (k < 0) throw PyRandomError("ValueError", "number of bits must be non-negative");
  if (k == 0) return 0;
  if (k > 64) raise_int64_overflow();
  size_t byte_count = static_cast<size_t>((k + 7) / 8);
  uint8_t bytes[8];
  if (!fill_os_random(std::span<uint8_t>(bytes, byte_count)))
    throw PyRandomError("OSError", "no OS entropy source is available");
  uint64_t value = 0;
  for (size_t i = 0; i < byte_count; ++i) value = (value << 8) | bytes[i];
  value >>= byte_count * 8 - static_cast<size_t>(k);
  if (value > static_cast<uint64_t>(kInt64Max)) raise_int64_overflow();
  return static_cast<int64_t>(value);
}

}  // namespace backstep::pyrandom
