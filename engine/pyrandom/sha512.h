// SHA-512 (FIPS 180-4).  CPython's random.seed(str) appends the SHA-512
// digest of the string's UTF-8 bytes before turning them into an int, so the
// digest must be bit-exact; backstep has no hashlib to borrow it from.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace backstep::pyrandom {

using Sha512Digest = std::array<uint8_t, 64>;

// The digest of a whole message (the only use: seeds are short).
Sha512Digest sha512(std::string_view message);

}  // namespace backstep::pyrandom
