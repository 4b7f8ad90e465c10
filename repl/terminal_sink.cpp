#include "repl/terminal_sink.h"

#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

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

// Note [A pause starts on a fresh line]
// A program that printed with end='' (a progress line, "loss: " before the
// value) leaves the output in the middle of a line; the debugger's
// "Paused (step) at ..." written there would read as part of the program's
// text. So the sink remembers whether its last character ended a line, and
// a pause first ends the program's line (as a shell's prompt does after
// output without a final newline). Lines read from the terminal end with the
// user's Enter, and a command file's are echoed with their newline: both
// leave the output at a line start. Errors go to stderr: they count only
// when stderr and stdout are one place (a terminal, `2>&1`).
namespace {

bool same_file(int a, int b) {
  struct stat sa {}, sb {};
  if (fstat(a, &sa) != 0 || fstat(b, &sb) != 0) return false;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

}  // namespace

TerminalSink::TerminalSink(Style err_style)
    : err_style_(err_style), err_shares_stdout_(same_file(STDOUT_FILENO, STDERR_FILENO)) {}

void TerminalSink::out(std::string_view text) {
  if (text.empty()) return;
  std::fwrite(text.data(), 1, text.size(), stdout);
  at_line_start_ = text.back() == '\n';
}

void TerminalSink::fresh_line() {
  if (!at_line_start_) out("\n");
}

void TerminalSink::err(std::string_view text) {
  std::fflush(stdout);
  if (err_style_.color) {
    std::string painted = paint_exception_lines(err_style_, text);
    std::fwrite(painted.data(), 1, painted.size(), stderr);
  } else {
    std::fwrite(text.data(), 1, text.size(), stderr);
  }
  std::fflush(stderr);
  if (err_shares_stdout_ && !text.empty()) at_line_start_ = text.back() == '\n';
}

void TerminalSink::flush() {
  std::fflush(stdout);
  std::fflush(stderr);
}

}  // namespace backstep::repl
