// The OutputSink the engine writes to when backstep runs in a terminal or a
// pipe: program output to stdout, errors to stderr.
#pragma once

#include "engine/runtime/interpreter.h"
#include "repl/style.h"

namespace backstep::repl {

class TerminalSink : public rt::OutputSink {
 public:
  explicit TerminalSink(Style err_style = {}) : err_style_(err_style) {}
  // stdout through stdio: line-buffered at a terminal, block-buffered in a
  // pipe (a program printing in a loop must not pay one write(2) per print).
  void out(std::string_view text) override;
  // stdout is flushed before anything goes to stderr, so that when both go
  // to the same place (2>&1, a terminal) the program's prints come before
  // the traceback they preceded, as with Python.
  void err(std::string_view text) override;
  void flush() override;

 private:
  Style err_style_;
};

}  // namespace backstep::repl
