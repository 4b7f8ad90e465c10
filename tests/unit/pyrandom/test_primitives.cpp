// The `_backstep.random_*` primitives: int64 limits of getrandbits, state
// round trips and CPython's setstate errors, OS-entropy seeding, SystemRandom.
#include "fixture.h"

#include <doctest/doctest.h>

#include <limits>
#include <vector>

namespace backstep::pyrandom::test {
namespace {

// Runs `body`, expecting a PyRandomError; returns "Type: message".
template <typename Body>
std::string error_of(Body body) {
  try {
    body();
  } catch (const PyRandomError& e) {
    return e.type() + ": " + e.what();
  }
  return "no error";
}

constexpr uint64_t kTwoTo63 = uint64_t{1} << 63;
const std::string kOverflow = "OverflowError: integer overflow: backstep's ints are 64-bit";

TEST_CASE("getrandbits(64) returns CPython's value or raises OverflowError, staying in step") {
  int returned = 0, overflowed = 0;
  for (const auto& record : fixture().at("seeds")) {
    INFO(seed_label(record));
    MersenneTwister mt = seeded(record);
    for (uint64_t expected : record.at("bits").at("64").get<std::vector<uint64_t>>()) {
      if (expected < kTwoTo63) {
        CHECK(random_getrandbits(mt, 64) == static_cast<int64_t>(expected));
        ++returned;
      } else {
        CHECK(error_of([&] { random_getrandbits(mt, 64); }) == kOverflow);
        ++overflowed;
      }
    }
  }
  CHECK(returned > 100);
  CHECK(overflowed > 100);
}

TEST_CASE("getrandbits(k > 64) draws CPython's words before reporting overflow") {
  for (const auto& record : fixture().at("seeds")) {
    // Named, not structured bindings: lambdas (INFO's among them) capture
    // them, which clang 14 (the sanitizer builds') does not allow.
    for (const auto& item : record.at("wide").items()) {
      const std::string& k_text = item.key();
      const auto& outcome = item.value();
      INFO(seed_label(record) << " k=" << k_text);
      MersenneTwister mt = seeded(record);
      std::string error = error_of([&] { random_getrandbits(mt, std::stoll(k_text)); });
      CHECK(error == (outcome.at(0).get<bool>() ? "no error" : kOverflow));
      CHECK(random_random(mt) == parse_double(outcome.at(1).get<std::string>()));
    }
  }
}

TEST_CASE("getrandbits argument errors are CPython's") {
  MersenneTwister mt;
  CHECK(error_of([&] { random_getrandbits(mt, -1); }) == "ValueError: number of bits must be non-negative");
  CHECK(error_of([&] { random_getrandbits(mt, int64_t{1} << 31); }) ==
        "OverflowError: Python int too large to convert to C int");
  CHECK(error_of([&] { random_getrandbits(mt, -(int64_t{1} << 40)); }) ==
        "OverflowError: Python int too large to convert to C int");
  auto before = random_getstate(mt);
  CHECK(random_getrandbits(mt, 0) == 0);
  CHECK(random_getstate(mt) == before);  // k == 0 draws nothing
  CHECK(error_of([&] { random_randbelow(mt, 0); }) == "ValueError: _randbelow() requires a positive bound");
}

TEST_CASE("getstate/setstate round trip continues the same stream") {
  MersenneTwister a = seeded(fixture().at("seeds").at(2));  // int 42
  for (int i = 0; i < 700; ++i) a.next_double();            // mid-block position
  std::vector<int64_t> state = random_getstate(a);
  CHECK(state.size() == 625);
  MersenneTwister b;
  random_setstate(b, state);
  for (int i = 0; i < 1000; ++i) {
    double x = a.next_double(), y = b.next_double();
    CHECK(x == y);
    if (x != y) break;
  }
}

TEST_CASE("setstate rejects what CPython rejects") {
  MersenneTwister mt;
  std::vector<int64_t> state = random_getstate(mt);
  auto with = [&](size_t i, int64_t v) {
    auto s = state;
    s[i] = v;
    return s;
  };
  std::vector<int64_t> short_state(state.begin(), state.end() - 1);
  CHECK(error_of([&] { random_setstate(mt, short_state); }) == "ValueError: state vector is the wrong size");
  CHECK(error_of([&] { random_setstate(mt, with(3, -1)); }) ==
        "OverflowError: can't convert negative value to unsigned int");
  CHECK(error_of([&] { random_setstate(mt, with(624, 625)); }) == "ValueError: invalid state");
  CHECK(error_of([&] { random_setstate(mt, with(624, -1)); }) == "ValueError: invalid state");
  // Words wider than 32 bits keep their low 32 bits, as in CPython.
  random_setstate(mt, with(0, (int64_t{1} << 32) + 5));
  CHECK(random_getstate(mt)[0] == 5);
  // An all-zero state is accepted and yields zeros forever, as in CPython.
  random_setstate(mt, std::vector<int64_t>(625, 0));
  CHECK(random_random(mt) == 0.0);
}

TEST_CASE("seeding by int uses the absolute value; str versions differ") {
  MersenneTwister plus, minus;
  random_seed(plus, int64_t{5}, 2);
  random_seed(minus, int64_t{-5}, 2);
  CHECK(random_getstate(plus) == random_getstate(minus));
  MersenneTwister v2, v3;
  random_seed(v2, std::string("hello"), 2);
  random_seed(v3, std::string("hello"), 3);  // documented: like version 2
  CHECK(random_getstate(v2) == random_getstate(v3));
  MersenneTwister v1;
  random_seed(v1, std::string("hello"), 1);
  CHECK(random_getstate(v1) != random_getstate(v2));
}

TEST_CASE("seed(None) reads OS entropy: fresh, different streams") {
  MersenneTwister a, b;
  random_seed(a, std::monostate{}, 2);
  random_seed(b, std::monostate{}, 2);
  CHECK(a.position() == 624);
  CHECK(random_getstate(a) != random_getstate(b));
  double x = random_random(a);
  CHECK((x >= 0.0 && x < 1.0));
}

TEST_CASE("SystemRandom primitives stay in range") {
  for (int i = 0; i < 200; ++i) {
    double x = random_urandom_random();
    CHECK((x >= 0.0 && x < 1.0));
    int64_t k = 1 + i % 63;
    int64_t bits = random_urandom_getrandbits(k);
    CHECK((bits >= 0 && static_cast<uint64_t>(bits) < (uint64_t{1} << k)));
  }
  CHECK(random_urandom_getrandbits(0) == 0);
  CHECK(error_of([] { random_urandom_getrandbits(-3); }) == "ValueError: number of bits must be non-negative");
  CHECK(error_of([] { random_urandom_getrandbits(65); }) == kOverflow);
}

TEST_CASE("random_new gives independent generators") {
  RandomHandle a = random_new(), b = random_new();
  random_seed(*a, int64_t{1}, 2);
  random_seed(*b, int64_t{1}, 2);
  double first = random_random(*a);
  CHECK(random_random(*b) == first);
  CHECK(random_random(*a) != first);
}

}  // namespace
}  // namespace backstep::pyrandom::test
