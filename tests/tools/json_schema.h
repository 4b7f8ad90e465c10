// A small JSON Schema (2020-12) checker for the tests: enough of the
// standard for the schemas in docs/ (type, const, enum, minimum, required,
// properties, additionalProperties, items, anyOf, $ref), so validating real
// output needs no Python package a fresh machine lacks.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace backstep::testing {

// `$ref` is "#/$defs/NAME" (inside the same schema) or "FILE.schema.json"
// (another schema in `schema_dir`, whole). Returns the errors found, each
// as "/nodes/3/seq: expected integer, got string".
std::vector<std::string> schema_errors(const nlohmann::json& schema, const nlohmann::json& doc,
                                       const std::string& schema_dir = "");

}  // namespace backstep::testing
