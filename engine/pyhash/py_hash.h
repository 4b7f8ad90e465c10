// hash() exactly as CPython 3.11 computes it on a 64-bit build, for the
// values backstep represents natively.  Every function returns what
// `hash(x)` prints in CPython, so never -1 (CPython's error marker: a hash
// that would be -1 is reported as -2).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "engine/pyhash/hash_secret.h"

namespace backstep::pyhash {

// sys.hash_info on a 64-bit build.
inline constexpr int kHashBits = 61;
inline constexpr uint64_t kHashModulus = (uint64_t{1} << kHashBits) - 1;  // prime
inline constexpr int64_t kHashInf = 314159;

// int: the value modulo 2**61 - 1, carrying the sign (hash(-x) == -hash(x)),
// so numbers equal across int/float/bool hash alike.
int64_t hash_int(int64_t value);

// bool is an int: hash(True) == 1, hash(False) == 0.
int64_t hash_bool(bool value);

// float: the exact value modulo 2**61 - 1 with its sign (hash(2.0) ==
// hash(2), hash(-0.0) == 0); +-inf give +-314159.  Since 3.10 a NaN hashes
// by the identity of the float *object*, so NaN returns
// hash_pointer(identity): pass the address (or id) of the float object.
int64_t hash_double(double value, uintptr_t identity);

// _Py_HashPointer: object.__hash__ (for objects whose class does not
// override __hash__) and NaN.  The address rotated right by 4 bits (the low
// bits of an aligned address are always zero).  Note: None and type objects
// also hash this way in 3.11; torch.Tensor.__hash__ is id(self), i.e.
// hash_int(address), not this.
int64_t hash_pointer(uintptr_t address);
inline int64_t hash_pointer(const void* p) {
  return hash_pointer(reinterpret_cast<uintptr_t>(p));
}

// str given as UTF-8, hashed over CPython's PEP 393 representation: 1, 2 or
// 4 little-endian bytes per code point, chosen by the widest code point.
// The empty string hashes to 0.  Surrogates (U+D800..U+DFFF) encoded as
// 3-byte sequences are accepted, since a Python str may hold them.
// Throws std::invalid_argument on malformed UTF-8.
// Without `secret`, uses process_hash_secret() (PYTHONHASHSEED).
int64_t hash_str(std::string_view utf8);
int64_t hash_str(std::string_view utf8, const HashSecret& secret);
// The same for a str given as code points.
int64_t hash_code_points(std::span<const char32_t> code_points, const HashSecret& secret);

// bytes: SipHash over the bytes themselves; b"" hashes to 0.
int64_t hash_bytes(std::span<const uint8_t> bytes);
int64_t hash_bytes(std::span<const uint8_t> bytes, const HashSecret& secret);

// tuple, from its elements' hashes in order (3.8+'s xxHash-style mixing).
int64_t hash_tuple(std::span<const int64_t> element_hashes);

// frozenset, from the hashes of its (distinct) elements in any order.
int64_t hash_frozenset(std::span<const int64_t> element_hashes);

// The two halves of hash_frozenset, for callers that hold the hashes
// elsewhere (SetTable): xor the terms of all elements, then finish.
uint64_t frozenset_hash_term(int64_t element_hash);
int64_t frozenset_hash_finish(uint64_t xor_of_terms, size_t element_count);

}  // namespace backstep::pyhash
