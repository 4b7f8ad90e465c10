// hash() as CPython 3.11 computes it (engine/pyhash), for the runtime.
#pragma once

#include "engine/pyhash/py_hash.h"

#include <string_view>

namespace backstep::rt {

using pyhash::hash_double;
using pyhash::hash_int;
using pyhash::hash_pointer;
using pyhash::hash_tuple;
inline int64_t hash_str(std::string_view utf8) { return pyhash::hash_str(utf8); }

// Note [hash of the singletons]
// CPython 3.11 hashes None, Ellipsis and NotImplemented by address
// (_Py_HashPointer of static objects). The python3.11 the oracle runs is a
// non-PIE executable, so those addresses, and the hashes, are the same in
// every run: these are its values. Matching them puts None in CPython's slot
// of a set or dict table, so `list({None, 1, 2, ...})` and a vocabulary built
// from a set holding None come out in CPython's order. (Another CPython build
// has other constants; any fixed values beat our own addresses, which move.)
constexpr int64_t kNoneHash = 612812;            // 0x959cc
constexpr int64_t kEllipsisHash = 608122;        // 0x9477a
constexpr int64_t kNotImplementedHash = 608123;  // 0x9477b

}  // namespace backstep::rt
