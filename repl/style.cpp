#include "repl/style.h"

#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace backstep::repl {

bool color_enabled_for(int fd) {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  return isatty(fd) == 1;
}

std::string Style::paint(std::string_view sgr, std::string_view text) const {
  if (!color || text.empty()) return std::string(text);
  std::string s;
  s.reserve(text.size() + sgr.size() + 8);
  s.append("\x1b[").append(sgr).append("m").append(text).append("\x1b[0m");
  return s;
}

}  // namespace backstep::repl
