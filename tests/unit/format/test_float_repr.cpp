// repr(float) and repr(int) against CPython.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "engine/format/float_repr.h"
#include "fixtures.h"

using namespace backstep::format;

TEST_CASE("float_repr matches CPython's repr on every recorded double") {
  const auto& cases = test::fixtures().at("float_repr");
  REQUIRE(cases.size() >= 600);
  size_t passed = 0;
  for (const auto& c : cases) {
    const std::string hex = c[0].get<std::string>();
    const std::string expected = c[1].get<std::string>();
    const std::string got = float_repr(test::parse_double(hex));
    INFO("float.fromhex('" << hex << "')");
    CHECK(got == expected);
    passed += got == expected;
  }
  MESSAGE("float_repr fixtures: " << passed << " of " << cases.size() << " pass");
}

TEST_CASE("float_repr: the notation switches where CPython switches") {
  // These are the documented boundaries of repr: fixed for 1e-4 <= |x| < 1e16.
  CHECK(float_repr(1.0) == "1.0");
  CHECK(float_repr(-0.0) == "-0.0");
  CHECK(float_repr(0.0001) == "0.0001");
  CHECK(float_repr(0.00001) == "1e-05");
  CHECK(float_repr(1e15) == "1000000000000000.0");
  CHECK(float_repr(1e16) == "1e+16");
  CHECK(float_repr(1.5e300) == "1.5e+300");
  CHECK(float_repr(0.1 + 0.2) == "0.30000000000000004");
  CHECK(float_repr(std::numeric_limits<double>::quiet_NaN()) == "nan");
  CHECK(float_repr(-std::numeric_limits<double>::quiet_NaN()) == "nan");
  CHECK(float_repr(-std::numeric_limits<double>::infinity()) == "-inf");
}

TEST_CASE("int_repr covers the int64 range") {
  CHECK(int_repr(0) == "0");
  CHECK(int_repr(-42) == "-42");
  CHECK(int_repr(std::numeric_limits<int64_t>::min()) == "-9223372036854775808");
  CHECK(int_repr(std::numeric_limits<int64_t>::max()) == "9223372036854775807");
}

TEST_CASE("double_to_string: the printf-like codes") {
  CHECK(double_to_string(2.5, 'f', 0) == "2");  // round half to even, like CPython
  CHECK(double_to_string(3.5, 'f', 0) == "4");
  CHECK(double_to_string(1e22, 'f', 1) == "10000000000000000000000.0");
  CHECK(double_to_string(0.0001, 'e', 2) == "1.00e-04");
  CHECK(double_to_string(1.0, 'g', 0) == "1");
  CHECK(double_to_string(1.0, 'g', 3, kAlt) == "1.00");
  CHECK(double_to_string(-0.0001, 'f', 2, kNoNegZero) == "0.00");
  CHECK(double_to_string(1.0, 'E', 1, kAddSign) == "+1.0E+00");
  CHECK_THROWS(double_to_string(1.0, 'r', 3));
}
