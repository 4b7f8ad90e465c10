#include "repl/cli_errors.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace backstep::repl {

namespace {

// Length of the valid UTF-8 sequence at s[i] (0: not one).
size_t utf8_length(const std::string& s, size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return 0;
  return n;
}

}  // namespace

std::string printable(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    size_t n = utf8_length(text, i);
    if (n == 0 || c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
      ++i;
      continue;
    }
    out.append(text, i, n);
    i += n;
  }
  return out;
}

void report_cli_error(bool json, CliError kind, const std::string& message, const char* usage) {
  std::fflush(stdout);
  if (json) {
    using ordered = nlohmann::ordered_json;
    ordered j = {{"type", kind == CliError::Usage ? "UsageError" : "FileError"},
                 {"message", printable(message)},
                 {"file", nullptr},
                 {"line", nullptr},
                 {"column", nullptr},
                 {"traceback", ordered::array()},
                 {"notes", ordered::array()}};
    std::fprintf(stderr, "%s\n", j.dump(-1, ' ', false, ordered::error_handler_t::replace).c_str());
    return;
  }
  if (kind == CliError::Usage)
    std::fprintf(stderr, "%sbackstep: error: %s\n", usage ? usage : "", printable(message).c_str());
  else
    std::fprintf(stderr, "backstep: %s\n", printable(message).c_str());
}

}  // namespace backstep::repl
