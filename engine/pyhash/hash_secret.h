// The secret key CPython 3.11 mixes into every str and bytes hash, derived
// from PYTHONHASHSEED exactly as CPython's startup does, so that
// PYTHONHASHSEED=N gives backstep the same str hashes (and hence the same
// set orders) as `PYTHONHASHSEED=N python3`.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>

namespace backstep::pyhash {

// CPython's _Py_HashSecret_t is 24 bytes; SipHash uses the first 16 as two
// little-endian 64-bit keys (the last 8 are expat's salt, unused here).
struct HashSecret {
  std::array<uint8_t, 24> bytes{};
  uint64_t k0 = 0;
  uint64_t k1 = 0;
};

// What PYTHONHASHSEED asks for.  Unset, empty or "random": a random key.
// "0": randomisation disabled (an all-zero key: still SipHash, not FNV).
// Any other value in [0, 4294967295]: a key derived from that number.
struct HashSeedSetting {
  bool randomized = true;
  uint32_t seed = 0;
};

// The error CPython reports (and then refuses to start) for a bad value.
class HashSeedError : public std::invalid_argument {
 public:
  HashSeedError();
};

// Parses the environment variable's text as CPython does with strtoul in
// base 10: leading whitespace and a sign are accepted ("+42" and " 42" mean
// 42, "-0" means 0), trailing characters and values above 2**32 - 1 (which
// includes any other negative number) are not.  `text` may be null (unset).
// Throws HashSeedError.
HashSeedSetting parse_hash_seed(const char* text);

// The key for a setting.  A fixed seed N fills the 24 bytes with CPython's
// LCG (x = x * 214013 + 2531011 mod 2**32, byte = (x >> 16) & 0xff);
// a random setting reads the OS's random bytes (getrandom/urandom).
HashSecret derive_hash_secret(const HashSeedSetting& setting);

// The process's key: read from PYTHONHASHSEED on first use, then fixed for
// the life of the process (thread-safe).  Throws HashSeedError on a bad
// value (each time it is called), so the lead can call it at startup to
// fail as CPython does ("Fatal Python error: config_init_hash_seed: ...").
const HashSecret& process_hash_secret();

}  // namespace backstep::pyhash
