// The OutputSink the engine writes to when backstep runs in a terminal or a
// pipe: program output to stdout, errors to stderr.
#pragma once

#include "engine/runtime/interpreter.h"
#include "repl/style.h"

namespace backstep::repl {

class TerminalSink : public rt::OutputSink {
 public:
  explicit TerminalSink(Style err_style = {});
  // stdout through stdio: line-buffered at a terminal, block-buffered in a
  // pipe (a program printing in a loop must not pay one write(2) per print).
  void out(std::string_view text) override;
  // stdout is flushed before anything goes to stderr, so that when both go
  // to the same place (2>&1, a terminal) the program's prints come before
  // the traceback they preceded, as with Python.
  void err(std::string_view text) override;
  void flush() override;

  // Whether what was written last ended a line (Note [A pause starts on a
  // fresh line] in terminal_sink.cpp).
  bool at_line_start() const { return at_line_start_; }
  // A line was read from a terminal or echoed from a command file: the
  // output goes on at the start of a line.
  void line_ended() { at_line_start_ = true; }
  // Ends a line the program left unfinished (print(..., end='')).
  void fresh_line();

 private:
  Style err_style_;
  bool at_line_start_ = true;
  bool err_shares_stdout_ = false;  // stdout and stderr are one file (a terminal, 2>&1)
};

}  // namespace backstep::repl
