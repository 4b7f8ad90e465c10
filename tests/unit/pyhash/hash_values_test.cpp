// hash() values against fixtures/hashes.txt, recorded from CPython 3.11.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

#include "engine/pyhash/py_hash.h"
#include "tests/unit/pyhash/test_keys.h"

namespace {

using namespace backstep::pyhash;
using pyhash_test::from_hex;
using pyhash_test::parse_key;

HashSecret secret_for_seed(const std::string& seed) {
  return derive_hash_secret(HashSeedSetting{false, static_cast<uint32_t>(std::stoul(seed))});
}

// Generalised UTF-8 to code points (the fixture may hold lone surrogates).
std::vector<char32_t> code_points_of(const std::string& utf8) {
  std::vector<char32_t> out;
  for (size_t i = 0; i < utf8.size();) {
    auto lead = static_cast<unsigned char>(utf8[i]);
    int length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    char32_t value = length == 1 ? lead : lead & (0x7F >> length);
    for (int k = 1; k < length; ++k) value = (value << 6) | (utf8[i + k] & 0x3F);
    out.push_back(value);
    i += static_cast<size_t>(length);
  }
  return out;
}

// The answer CPython gave for one PYTHONHASHSEED text, as our parser sees it.
std::string seed_parse_answer(const char* text) {
  try {
    HashSeedSetting setting = parse_hash_seed(text);
    if (setting.randomized) return "random";
    return std::to_string(hash_str("abc", derive_hash_secret(setting)));
  } catch (const HashSeedError&) {
    return "error";
  }
}

// Checks one fixture line; returns false (and reports) on a mismatch.
bool check_hash_line(const std::vector<std::string>& w, std::map<std::string, int>& per_kind) {
  const std::string& kind = w[0];
  const std::string& seed = w[1];
  const std::string& arg = w[2];
  const std::string& expected = w[3];
  ++per_kind[kind];
  std::string got;
  if (kind == "int") {
    got = std::to_string(hash_int(std::stoll(arg)));
  } else if (kind == "float") {
    got = std::to_string(hash_double(std::strtod(arg.c_str(), nullptr), 0));
  } else if (kind == "bool") {
    got = std::to_string(hash_bool(arg == "1"));
  } else if (kind == "nan") {
    got = std::to_string(hash_double(std::numeric_limits<double>::quiet_NaN(), std::stoull(arg)));
  } else if (kind == "pointer") {
    got = std::to_string(hash_pointer(static_cast<uintptr_t>(std::stoull(arg))));
  } else if (kind == "str" || kind == "bytes") {
    std::string data = arg == "-" ? "" : from_hex(arg);
    HashSecret secret = secret_for_seed(seed);
    if (kind == "bytes") {
      got = std::to_string(hash_bytes({reinterpret_cast<const uint8_t*>(data.data()), data.size()}, secret));
    } else {
      got = std::to_string(hash_str(data, secret));
      std::vector<char32_t> points = code_points_of(data);
      std::string via_points = std::to_string(hash_code_points(points, secret));
      if (via_points != got) got = "code points disagree: " + via_points;
      if (seed == "12345") {  // main() set PYTHONHASHSEED=12345 for the process key
        std::string via_process = std::to_string(hash_str(data));
        if (via_process != got) got = "process secret disagrees: " + via_process;
      }
    }
  } else if (kind == "tuple" || kind == "frozenset") {
    got = std::to_string(pyhash_test::py_hash(parse_key(arg), secret_for_seed(seed)));
  } else if (kind == "seedparse") {
    std::string text = arg == "\"\"" ? "" : from_hex(arg);
    got = seed_parse_answer(arg == "-" ? nullptr : text.c_str());
  } else {
    got = "unknown fixture kind";
  }
  if (got == expected) return true;
  std::printf("MISMATCH %s %s %s: expected %s, got %s\n", kind.c_str(), seed.c_str(),
              arg.c_str(), expected.c_str(), got.c_str());
  return false;
}

}  // namespace

TEST_CASE("hash values match CPython 3.11 (fixtures/hashes.txt)") {
  auto lines = pyhash_test::read_lines(pyhash_test::fixture_path("hashes.txt"));
  REQUIRE(lines.size() > 2000);
  std::map<std::string, int> per_kind;
  int passed = 0;
  for (const std::string& line : lines) {
    auto words = pyhash_test::split_words(line);
    REQUIRE(words.size() == 4);
    bool ok = check_hash_line(words, per_kind);
    CHECK_MESSAGE(ok, line);
    passed += ok;
  }
  std::printf("hash values: %d/%zu fixture lines pass (", passed, lines.size());
  for (const auto& [kind, count] : per_kind) std::printf(" %s:%d", kind.c_str(), count);
  std::printf(" )\n");
}

TEST_CASE("hash edge cases") {
  CHECK(hash_int(-1) == -2);
  CHECK(hash_int(static_cast<int64_t>(kHashModulus)) == 0);
  CHECK(hash_double(-1.0, 0) == -2);
  CHECK(hash_double(2.0, 0) == hash_int(2));
  CHECK(hash_pointer(~uintptr_t{0}) == -2);  // all ones would be -1, which is reserved
  CHECK_THROWS_AS(hash_str("\xC3", secret_for_seed("0")), std::invalid_argument);
  CHECK_THROWS_AS(hash_str("\xC0\x80", secret_for_seed("0")), std::invalid_argument);
}
