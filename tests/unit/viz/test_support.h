// Helpers for the viz tests: golden files and a small JSON Schema checker.
#pragma once

#include "script_graphs.h"
#include "viz/render.h"

#include <nlohmann/json.hpp>

#include <string>

namespace backstep::viz::testing {

std::string read_text(const std::string& path);
inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
void write_text(const std::string& path, const std::string& text);

// Compares `actual` with tests/unit/viz/golden/<name>. With
// BACKSTEP_UPDATE_GOLDEN=1 in the environment the golden file is rewritten
// instead. On a mismatch the actual text is left in <name>.actual in the
// build folder. Returns "" or a description of the first difference.
std::string golden_mismatch(const std::string& name, const std::string& actual);

// Validates against a JSON Schema with tests/tools/json_schema.h.
std::vector<std::string> schema_errors(const nlohmann::json& schema, const nlohmann::json& doc);

// The picture (or file) of b.snapshot; the test stops if rendering failed.
std::string rendered(const Built& b, Format format, const RenderOptions& options = {}, const Annotations& notes = {});

}  // namespace backstep::viz::testing
