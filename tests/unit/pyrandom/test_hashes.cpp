// SHA-512 against hashlib, and the float hash against CPython's hash().
#include "fixture.h"

#include "engine/pyrandom/float_hash.h"
#include "engine/pyrandom/sha512.h"

#include <doctest/doctest.h>

#include <cstdio>

namespace backstep::pyrandom::test {
namespace {

std::string hex(const Sha512Digest& digest) {
  std::string out;
  char buf[3];
  for (uint8_t b : digest) {
    std::snprintf(buf, sizeof buf, "%02x", b);
    out += buf;
  }
  return out;
}

TEST_CASE("sha512 matches hashlib, across block boundaries") {
  size_t checked = 0;
  for (const auto& item : fixture().at("sha512")) {
    const std::string text = item.at(0);
    INFO("length " << text.size());
    CHECK(hex(sha512(text)) == item.at(1).get<std::string>());
    ++checked;
  }
  CHECK(checked >= 18);
}

TEST_CASE("sha512 of the FIPS 180-2 'abc' example") {
  CHECK(hex(sha512("abc")) ==
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
        "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
}

TEST_CASE("python_float_hash matches hash(float)") {
  size_t checked = 0;
  for (const auto& item : fixture().at("float_hash")) {
    const std::string text = item.at(0);
    INFO(text);
    CHECK(python_float_hash(parse_double(text)) == item.at(1).get<int64_t>());
    ++checked;
  }
  CHECK(checked > 250);
}

TEST_CASE("python_float_hash special values") {
  CHECK(python_float_hash(-1.0) == -2);  // -1 is reserved for errors
  CHECK(python_float_hash(0.0) == 0);
  CHECK(python_float_hash(-0.0) == 0);
  CHECK(python_float_hash(2305843009213693952.0) == 1);  // 2**61 is 1 modulo 2**61 - 1
  CHECK(python_float_hash(0.5) == int64_t{1} << 60);    // the inverse of 2
}

}  // namespace
}  // namespace backstep::pyrandom::test
