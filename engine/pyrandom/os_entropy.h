// The operating system's random bytes: what CPython's random.seed(None) and
// SystemRandom (through os.urandom) read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "engine/pyrandom/seed_keys.h"

namespace backstep::pyrandom {

// Fills `out` from getrandom(2), falling back to /dev/urandom.  Returns
// false when neither works (os.urandom would raise OSError).
bool fill_os_random(std::span<uint8_t> out);

// The key seed(None) uses: 624 words of OS entropy, as CPython reads; if
// the OS has none, CPython's fallback of the clocks and the process id.
SeedKey entropy_seed_key();

}  // namespace backstep::pyrandom
