// format(x, spec) against CPython 3.11 for int, bool, float and str.
#include <doctest/doctest.h>

#include "engine/format/format_spec.h"
#include "fixtures.h"

using namespace backstep::format;

namespace {

std::string run(const nlohmann::json& c) {
  const std::string kind = c[0].get<std::string>();
  const std::string spec = c[2].get<std::string>();
  if (kind == "int") return format_int(c[1].get<int64_t>(), spec);
  if (kind == "bool") return format_bool(c[1].get<bool>(), spec);
  if (kind == "float") return format_float(test::parse_double(c[1].get<std::string>()), spec);
  return format_str(c[1].get<std::string>(), spec);
}

}  // namespace

TEST_CASE("format specs match CPython, results and error messages") {
  const auto& cases = test::fixtures().at("format");
  REQUIRE(cases.size() >= 1000);
  size_t passed = 0;
  for (const auto& c : cases) {
    INFO("format(" << c[0].get<std::string>() << " " << c[1].dump() << ", '"
                   << c[2].get<std::string>() << "')");
    std::string got;
    try {
      got = run(c);
    } catch (const FormatError& e) {
      got = e.python_type() + ": " + e.what();
    }
    const std::string expected = c[3].is_null()
        ? c[4].get<std::string>() + ": " + c[5].get<std::string>()
        : c[3].get<std::string>();
    CHECK(got == expected);
    passed += got == expected;
  }
  MESSAGE("format-spec fixtures: " << passed << " of " << cases.size() << " pass");
}

TEST_CASE("format: FormatError is a runtime_error carrying CPython's text") {
  try {
    format_float(1.0, "d");
    FAIL("no exception");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) == "Unknown format code 'd' for object of type 'float'");
  }
  CHECK_THROWS_AS(format_int(-1, "c"), FormatError);
}

TEST_CASE("format: the empty type with a precision keeps a '.0' (CPython 'g' + add_dot_0)") {
  CHECK(format_float(1.0, ".3") == "1.0");
  CHECK(format_float(100.0, ".3") == "1e+02");
  CHECK(format_float(1.0, "") == "1.0");
  CHECK(format_float(1.0, "g") == "1");
}
