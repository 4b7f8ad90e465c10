#include "test_support.h"

#include "json_schema.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <vector>
#include <fstream>
#include <sstream>

namespace backstep::viz::testing {

using json = nlohmann::json;

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

std::string golden_mismatch(const std::string& name, const std::string& actual) {
  std::string path = std::string(BACKSTEP_VIZ_GOLDEN_DIR) + "/" + name;
  const char* update = std::getenv("BACKSTEP_UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    write_text(path, actual);
    return "";
  }
  std::string expected = read_text(path);
  if (expected == actual) return "";
  write_text(name + ".actual", actual);
  std::istringstream a(expected), b(actual);
  std::string la, lb;
  for (int line = 1;; ++line) {
    bool ga = static_cast<bool>(std::getline(a, la)), gb = static_cast<bool>(std::getline(b, lb));
    if (!ga && !gb) break;
    if (la != lb || ga != gb)
      return name + " line " + std::to_string(line) + ":\n  expected: " + (ga ? la : "<end>") + "\n  actual:   " +
             (gb ? lb : "<end>") + "\n(actual output in " + name + ".actual; BACKSTEP_UPDATE_GOLDEN=1 rewrites)";
  }
  return name + " differs";
}

std::vector<std::string> schema_errors(const json& schema, const json& doc) {
  return backstep::testing::schema_errors(schema, doc);
}

std::string rendered(const Built& b, Format format, const RenderOptions& options, const Annotations& notes) {
  RenderResult r = render(b.snapshot, notes, format, options);
  REQUIRE_MESSAGE(r.ok, r.error);
  return r.data;
}

}  // namespace backstep::viz::testing
