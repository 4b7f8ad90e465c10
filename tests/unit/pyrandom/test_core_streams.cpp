// The Mersenne Twister core against CPython 3.11: for every recorded seed,
// the state right after seeding, random(), getrandbits(k), _randbelow(n),
// a long run across many twists and the state after mixed draws.
#include "fixture.h"

#include <doctest/doctest.h>

#include <vector>

namespace backstep::pyrandom::test {
namespace {

std::vector<int64_t> state_of(const MersenneTwister& mt) { return random_getstate(mt); }

TEST_CASE("seeding reproduces CPython's state") {
  int checked = 0;
  for (const auto& record : fixture().at("seeds")) {
    if (!record.contains("state")) continue;
    INFO(seed_label(record));
    CHECK(state_of(seeded(record)) == record.at("state").get<std::vector<int64_t>>());
    ++checked;
  }
  CHECK(checked == 4);
}

TEST_CASE("random() matches CPython for every seed") {
  for (const auto& record : fixture().at("seeds")) {
    INFO(seed_label(record));
    MersenneTwister mt = seeded(record);
    for (const auto& text : record.at("random")) {
      double expected = parse_double(text.get<std::string>());
      double got = mt.next_double();
      CHECK(got == expected);
      if (got != expected) break;  // one report per seed is enough
    }
  }
}

TEST_CASE("getrandbits(k) matches CPython for 1 <= k <= 64") {
  for (const auto& record : fixture().at("seeds")) {
    // Named, not structured bindings: doctest's INFO captures them in a
    // lambda, which clang 14 (the sanitizer builds') does not allow.
    for (const auto& item : record.at("bits").items()) {
      const std::string& k_text = item.key();
      const auto& values = item.value();
      INFO(seed_label(record) << " k=" << k_text);
      MersenneTwister mt = seeded(record);
      int k = std::stoi(k_text);
      std::vector<uint64_t> got;
      for (size_t i = 0; i < values.size(); ++i) got.push_back(mt.next_bits(k));
      CHECK(got == values.get<std::vector<uint64_t>>());
    }
  }
}

TEST_CASE("_randbelow(n) matches CPython, including n near 2**63") {
  for (const auto& record : fixture().at("seeds")) {
    for (const auto& item : record.at("below").items()) {
      const std::string& n_text = item.key();
      const auto& values = item.value();
      INFO(seed_label(record) << " n=" << n_text);
      MersenneTwister mt = seeded(record);
      int64_t n = std::stoll(n_text);
      std::vector<int64_t> got;
      for (size_t i = 0; i < values.size(); ++i) got.push_back(random_randbelow(mt, n));
      CHECK(got == values.get<std::vector<int64_t>>());
    }
  }
}

TEST_CASE("the 100001st random() matches CPython (160 twists later)") {
  for (const auto& record : fixture().at("seeds")) {
    INFO(seed_label(record));
    MersenneTwister mt = seeded(record);
    for (int i = 0; i < 100000; ++i) mt.next_double();
    CHECK(mt.next_double() == parse_double(record.at("long_run").get<std::string>()));
  }
}

TEST_CASE("the state after mixed draws matches CPython's getstate()") {
  for (const auto& record : fixture().at("seeds")) {
    if (!record.contains("mixed_state")) continue;
    INFO(seed_label(record));
    MersenneTwister mt = seeded(record);
    for (int i = 0; i < 1000; ++i) mt.next_double();
    for (int i = 0; i < 7; ++i) mt.next_bits(64);
    CHECK(state_of(mt) == record.at("mixed_state").get<std::vector<int64_t>>());
  }
}

TEST_CASE("seed 0 starts with CPython's well-known 0.8444218515250481") {
  MersenneTwister mt;
  random_seed(mt, int64_t{0}, 2);
  CHECK(mt.next_double() == 0.8444218515250481);
  CHECK(mt.next_double() == 0.7579544029403025);
}

}  // namespace
}  // namespace backstep::pyrandom::test
