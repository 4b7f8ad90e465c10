// How CPython 3.11's random.seed(a) turns each kind of seed into the key of
// 32-bit words that MT19937's init_by_array mixes into the state.  CPython
// first makes a non-negative int of the seed, then splits that int into
// 32-bit words, least significant first, keeping no leading zero words (but
// at least one word, so 0 gives {0}).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace backstep::pyrandom {

using SeedKey = std::vector<uint32_t>;

// The key of a non-negative int below 2**64.
SeedKey key_from_uint64(uint64_t n);

// seed(n) for an int (bool included): CPython uses abs(n), so -5 and 5 give
// the same stream; INT64_MIN's absolute value 2**63 is representable here.
SeedKey key_from_int(int64_t n);

// seed(x) for a float: CPython uses hash(x) reinterpreted as an unsigned
// 64-bit number (not its absolute value: seed(-3.0) == seed(2**64 - 3)).
SeedKey key_from_float(double x);

// seed(s, version=2) for a str: the int whose big-endian bytes are s's UTF-8
// bytes followed by their SHA-512 digest.
SeedKey key_from_str_v2(std::string_view utf8);

// seed(s, version=1) for a str (Python 2's string hash, kept by CPython for
// reproducing old sequences): a 64-bit FNV-like hash of the code points.
SeedKey key_from_str_v1(std::string_view utf8);

}  // namespace backstep::pyrandom
