// Colour on the terminal: only when the stream is a terminal, TERM is not
// "dumb" and NO_COLOR (https://no-color.org) is unset or empty.
#pragma once

#include <string>
#include <string_view>

namespace backstep::repl {

bool color_enabled_for(int fd);

struct Style {
  bool color = false;
  // Wraps text in an SGR colour when colour is on ("31" red, "1" bold...).
  std::string paint(std::string_view sgr, std::string_view text) const;
  std::string error(std::string_view text) const { return paint("1;31", text); }
  std::string heading(std::string_view text) const { return paint("1", text); }
};

}  // namespace backstep::repl
