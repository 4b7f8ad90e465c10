#include "repl/style.h"

#include <cstdlib>
#include <cstring>
#include <sys/ioctl.h>
#include <unistd.h>

namespace backstep::repl {

bool color_enabled_for(int fd) {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  return isatty(fd) == 1;
}

int terminal_columns(int fd) {
  if (isatty(fd) != 1) return 0;
  winsize w{};
  if (ioctl(fd, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return w.ws_col;
  return 80;
}

std::string fit_to_width(const std::string& line, int columns) {
  // Counted in code points, so UTF-8 text (the em dash) is not cut inside
  // a character.
  if (columns <= 0) return line;
  size_t count = 0, cut = std::string::npos;
  for (size_t i = 0; i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;
    if (count == static_cast<size_t>(columns > 3 ? columns - 3 : 0)) cut = i;
    ++count;
  }
  if (count <= static_cast<size_t>(columns) || cut == std::string::npos) return line;
  return line.substr(0, cut) + "...";
}

std::string Style::paint(std::string_view sgr, std::string_view text) const {
  if (!color || text.empty()) return std::string(text);
  std::string s;
  s.reserve(text.size() + sgr.size() + 8);
  s.append("\x1b[").append(sgr).append("m").append(text).append("\x1b[0m");
  return s;
}

}  // namespace backstep::repl
