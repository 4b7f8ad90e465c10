// check_json_schema SCHEMA FILE...: validates each FILE against SCHEMA
// (see json_schema.h for the subset understood). Prints each error with its
// file and JSON pointer; exits 1 when any file is invalid, 2 on bad usage.
#include "json_schema.h"

#include <cstdio>
#include <fstream>
#include <string>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: check_json_schema SCHEMA FILE...\n");
    return 2;
  }
  std::string schema_path = argv[1];
  std::string dir = schema_path.find('/') == std::string::npos ? "." : schema_path.substr(0, schema_path.rfind('/'));
  nlohmann::json schema;
  try {
    std::ifstream in(schema_path);
    schema = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", schema_path.c_str(), e.what());
    return 2;
  }
  int bad = 0;
  for (int i = 2; i < argc; ++i) {
    try {
      std::ifstream in(argv[i]);
      if (!in) throw std::runtime_error("cannot read the file");
      auto errors = backstep::testing::schema_errors(schema, nlohmann::json::parse(in), dir);
      for (const auto& e : errors) std::printf("%s: %s\n", argv[i], e.c_str());
      if (!errors.empty()) ++bad;
    } catch (const std::exception& e) {
      std::printf("%s: %s\n", argv[i], e.what());
      ++bad;
    }
  }
  return bad ? 1 : 0;
}
