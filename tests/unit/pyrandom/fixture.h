// CPython 3.11's recorded outputs (fixture.json, written by make_fixture.py)
// and helpers to replay a recorded seed through backstep's random core.
#pragma once

#include "engine/pyrandom/primitives.h"

#include <nlohmann/json.hpp>

#include <string>

namespace backstep::pyrandom::test {

const nlohmann::json& fixture();

// A Python float repr read back exactly.
double parse_double(const std::string& text);

// The seed a fixture record describes, as the primitive receives it.
SeedArg seed_arg(const nlohmann::json& record);
int64_t seed_version(const nlohmann::json& record);

// A short label for failure messages: "int 42", "str v1 'hello'", ...
std::string seed_label(const nlohmann::json& record);

// A generator seeded as the record says, through the seeding primitive.
MersenneTwister seeded(const nlohmann::json& record);

}  // namespace backstep::pyrandom::test
