#include "fixture.h"

#include <cstdlib>
#include <fstream>
#include <stdexcept>

namespace backstep::pyrandom::test {

const nlohmann::json& fixture() {
  static const nlohmann::json data = [] {
    std::ifstream in(BACKSTEP_PYRANDOM_FIXTURE);
    if (!in) throw std::runtime_error(std::string("cannot read ") + BACKSTEP_PYRANDOM_FIXTURE);
    return nlohmann::json::parse(in);
  }();
  return data;
}

double parse_double(const std::string& text) {
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);  // also reads "inf" and "-inf"
  if (end == text.c_str() || *end != '\0') throw std::runtime_error("bad double: " + text);
  return v;
}

SeedArg seed_arg(const nlohmann::json& record) {
  const std::string kind = record.at("kind");
  const auto& value = record.at("value");
  if (kind == "int") return value.get<int64_t>();
  if (kind == "bool") return int64_t{value.get<bool>() ? 1 : 0};  // bool is an int
  if (kind == "float") return parse_double(value.get<std::string>());
  return value.get<std::string>();
}

int64_t seed_version(const nlohmann::json& record) { return record.value("version", 2); }

std::string seed_label(const nlohmann::json& record) {
  std::string label = record.at("kind").get<std::string>();
  if (record.contains("version")) label += " v" + std::to_string(seed_version(record));
  return label + " " + record.at("value").dump();
}

MersenneTwister seeded(const nlohmann::json& record) {
  MersenneTwister mt;
  random_seed(mt, seed_arg(record), seed_version(record));
  return mt;
}

}  // namespace backstep::pyrandom::test
