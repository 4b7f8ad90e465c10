#include "json_schema.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace backstep::testing {

namespace {

using json = nlohmann::json;

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

// Schemas referred to by file name, loaded once per check.
class SchemaFiles {
 public:
  explicit SchemaFiles(std::string dir) : dir_(std::move(dir)) {}
  const json& load(const std::string& name) {
    auto it = loaded_.find(name);
    if (it != loaded_.end()) return *it->second;
    std::ifstream in(dir_ + "/" + name);
    if (!in) throw std::runtime_error("cannot read the schema " + dir_ + "/" + name);
    auto doc = std::make_unique<json>(json::parse(in));
    return *loaded_.emplace(name, std::move(doc)).first->second;
  }

 private:
  std::string dir_;
  std::map<std::string, std::unique_ptr<json>> loaded_;
};

class Checker {
 public:
  Checker(const json& root, SchemaFiles& files) : root_(root), files_(files) {}

  void check(const json& s, const json& v, const std::string& at) {
    if (s.contains("$ref")) check_ref(s["$ref"], v, at);
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

  void check_ref(const std::string& ref, const json& v, const std::string& at) {
    if (!ref.empty() && ref[0] == '#') return check(root_.at(json::json_pointer(ref.substr(1))), v, at);
    // Another schema file: its own "#/$defs/..." refer to its own root.
    const json& other = files_.load(ref);
    Checker c(other, files_);
    c.check(other, v, at);
    errors.insert(errors.end(), c.errors.begin(), c.errors.end());
  }

  void check_any(const json& options, const json& v, const std::string& at) {
    for (const auto& option : options) {
      Checker c(root_, files_);
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
  SchemaFiles& files_;
};

}  // namespace

std::vector<std::string> schema_errors(const json& schema, const json& doc, const std::string& schema_dir) {
  SchemaFiles files(schema_dir.empty() ? "." : schema_dir);
  Checker c(schema, files);
  c.check(schema, doc, "");
  return c.errors;
}

}  // namespace backstep::testing
