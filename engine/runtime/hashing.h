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

}  // namespace backstep::rt
