// The expected outputs recorded from real CPython + PyTorch (fixtures.json,
// written by make_fixtures.py).
#pragma once

#include <nlohmann/json.hpp>

namespace backstep::format::test {

// The parsed fixture file; throws if it cannot be read.
const nlohmann::json& fixtures();

// A double from the fixture text: Python's repr, or "nan", "inf", "-inf".
double parse_double(const std::string& text);

}  // namespace backstep::format::test
