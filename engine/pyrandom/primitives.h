// The native side of backstep's `random` module: one C++ function per
// `_backstep.random_*` primitive that engine/pylib/random.py calls (see
// engine/pylib/PRIMITIVES-random.md).  They take and return plain C++ values
// so that the interpreter's binding only converts arguments and results, and
// report Python-level errors by throwing PyRandomError with the exception
// type and message CPython 3.11 uses.
#pragma once

#include "engine/pyrandom/mersenne_twister.h"

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace backstep::pyrandom {

// A Python exception to raise: `type` is the builtin class name
// ("ValueError", "OverflowError", "OSError", ...), what() the message.
class PyRandomError : public std::runtime_error {
 public:
  PyRandomError(std::string type, const std::string& message)
      : std::runtime_error(message), type_(std::move(type)) {}
  const std::string& type() const { return type_; }

 private:
  std::string type_;
};

// CPython's message for a seed of any other type (raised as TypeError).
inline constexpr const char* kSeedTypeMessage =
    "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.";

// The generator object behind one Random instance (opaque to the script).
using RandomHandle = std::shared_ptr<MersenneTwister>;

// A seed: None (monostate), int (bool as 0/1), float or str (UTF-8).
using SeedArg = std::variant<std::monostate, int64_t, double, std::string>;

// random_new() -> handle
RandomHandle random_new();
// random_seed(handle, a, version) -> None.  version 1 changes only how a
// str is seeded (any other version seeds a str as version 2 does).
void random_seed(MersenneTwister& mt, const SeedArg& a, int64_t version);
// random_random(handle) -> float in [0, 1)
double random_random(MersenneTwister& mt);
// random_getrandbits(handle, k) -> int; see the .cpp for k >= 64.
int64_t random_getrandbits(MersenneTwister& mt, int64_t k);
// random_randbelow(handle, n) -> int in [0, n): Random._randbelow for n > 0.
int64_t random_randbelow(MersenneTwister& mt, int64_t n);
// random_getstate(handle) -> the 625 ints of CPython's internal state tuple.
std::vector<int64_t> random_getstate(const MersenneTwister& mt);
// random_setstate(handle, ints) -> None; ints already checked to be ints.
void random_setstate(MersenneTwister& mt, std::span<const int64_t> state);
// random_urandom_random() -> SystemRandom.random(): 53 bits from the OS.
double random_urandom_random();
// random_urandom_getrandbits(k) -> SystemRandom.getrandbits(k).
int64_t random_urandom_getrandbits(int64_t k);

}  // namespace backstep::pyrandom
