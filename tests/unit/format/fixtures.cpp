#include "fixtures.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

namespace backstep::format::test {

const nlohmann::json& fixtures() {
  static const nlohmann::json data = [] {
    std::ifstream in(BACKSTEP_FORMAT_FIXTURES);
    if (!in) throw std::runtime_error(std::string("cannot read ") + BACKSTEP_FORMAT_FIXTURES);
    return nlohmann::json::parse(in);
  }();
  return data;
}

double parse_double(const std::string& text) {
  // strtod reads "nan", "inf", "-inf" and every Python repr exactly.
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0') throw std::runtime_error("bad double: " + text);
  return v;
}

}  // namespace backstep::format::test
