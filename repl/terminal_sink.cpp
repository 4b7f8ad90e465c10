#include "repl/terminal_sink.h"

#include <cstdio>

namespace backstep::repl {
namespace {

// The lines of a traceback that name the exception ("ValueError: bad") are
// the only unindented ones apart from these headers.
bool is_exception_line(std::string_view line) {
  if (line.empty() || line[0] == ' ' || line[0] == '\t') return false;
  for (std::string_view header : {"Traceback (most recent call last):", "During handling of",
                                  "The above exception"}) {
    if (line.substr(0, header.size()) == header) return false;
  }
  return true;
}

std::string paint_exception_lines(const Style& style, std::string_view text) {
  std::string result;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view line = text.substr(pos, end - pos);
    result += is_exception_line(line) ? style.error(line) : std::string(line);
    if (nl != std::string_view::npos) result += '\n';
    pos = end + 1;
  }
  return result;
}

}  // namespace

void TerminalSink::out(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); }

void TerminalSink::err(std::string_view text) {
  std::fflush(stdout);
  if (err_style_.color) {
    std::string painted = paint_exception_lines(err_style_, text);
    std::fwrite(painted.data(), 1, painted.size(), stderr);
  } else {
    std::fwrite(text.data(), 1, text.size(), stderr);
  }
  std::fflush(stderr);
}

void TerminalSink::flush() {
  std::fflush(stdout);
  std::fflush(stderr);
}

}  // namespace backstep::repl
