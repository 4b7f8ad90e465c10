// Colour on the terminal: only when the stream is a terminal, TERM is not
// "dumb" and NO_COLOR (https://no-color.org) is unset or empty.
#pragma once

#include <string>
#include <string_view>

namespace backstep::repl {

bool color_enabled_for(int fd);

// The width of the terminal on `fd`; 0 when it is not a terminal (output
// to a pipe or file is never cut).
int terminal_columns(int fd);

// `line` (no newline) cut to `columns` with "..." when longer; unchanged
// for columns <= 0.
std::string fit_to_width(const std::string& line, int columns);

struct Style {
  bool color = false;
  // Wraps text in an SGR colour when colour is on ("31" red, "1" bold...).
  std::string paint(std::string_view sgr, std::string_view text) const;
  std::string error(std::string_view text) const { return paint("1;31", text); }
  std::string heading(std::string_view text) const { return paint("1", text); }
};

}  // namespace backstep::repl
