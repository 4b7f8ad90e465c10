#include "test_support.h"

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

namespace {

std::string type_of(const json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "boolean";
  if (v.is_number_integer()) return "integer";
  if (v.is_number()) return "number";
  if (v.is_string()) return "string";
  if (v.is_array()) return "array";
  return "object";
}

bool type_matches(const std::string& want, const json& v) {
  std::string got = type_of(v);
  return want == got || (want == "number" && got == "integer");
}

class Checker {
 public:
  explicit Checker(const json& root) : root_(root) {}

  void check(const json& s, const json& v, const std::string& at) {
    if (s.contains("$ref")) {
      std::string ref = s["$ref"];  // "#/$defs/name"
      check(root_.at(json::json_pointer(ref.substr(1))), v, at);
    }
    if (s.contains("type")) {
      bool ok = false;
      if (s["type"].is_array()) {
        for (const auto& t : s["type"]) ok = ok || type_matches(t, v);
      } else {
        ok = type_matches(s["type"], v);
      }
      if (!ok) return fail(at, "expected " + s["type"].dump() + ", got " + type_of(v));
    }
    if (s.contains("const") && s["const"] != v) fail(at, "expected " + s["const"].dump());
    if (s.contains("enum") && std::find(s["enum"].begin(), s["enum"].end(), v) == s["enum"].end())
      fail(at, v.dump() + " is not one of " + s["enum"].dump());
    if (s.contains("minimum") && v.is_number() && v.get<double>() < s["minimum"].get<double>())
      fail(at, "below the minimum " + s["minimum"].dump());
    if (s.contains("anyOf")) check_any(s["anyOf"], v, at);
    if (v.is_object()) check_object(s, v, at);
    if (v.is_array() && s.contains("items"))
      for (size_t i = 0; i < v.size(); ++i) check(s["items"], v[i], at + "/" + std::to_string(i));
  }

  std::vector<std::string> errors;

 private:
  void fail(const std::string& at, const std::string& what) { errors.push_back((at.empty() ? "/" : at) + ": " + what); }

  void check_any(const json& options, const json& v, const std::string& at) {
    for (const auto& option : options) {
      Checker c(root_);
      c.check(option, v, at);
      if (c.errors.empty()) return;
    }
    fail(at, "matches none of anyOf");
  }

  void check_object(const json& s, const json& v, const std::string& at) {
    if (s.contains("required"))
      for (const auto& r : s["required"])
        if (!v.contains(r.get<std::string>())) fail(at, "missing " + r.dump());
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (s.contains("properties") && s["properties"].contains(it.key()))
        check(s["properties"][it.key()], it.value(), at + "/" + it.key());
      else if (s.contains("additionalProperties") && s["additionalProperties"] == false)
        fail(at, "unexpected property \"" + it.key() + "\"");
    }
  }

  const json& root_;
};

}  // namespace

std::vector<std::string> schema_errors(const json& schema, const json& doc) {
  Checker c(schema);
  c.check(schema, doc, "");
  return c.errors;
}

}  // namespace backstep::viz::testing
