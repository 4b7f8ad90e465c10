// breakpoint() under `backstep run` (Note [breakpoint() under run] in
// engine/debug/debugger.cpp): at a terminal the first one attaches the
// debugger and opens its prompt at that line, as CPython's default hook
// enters pdb; without one (CI, a pipe) the program goes on and stderr says
// so once. PYTHONBREAKPOINT=0 makes breakpoint() do nothing either way.
#pragma once

#include "engine/runtime/interpreter.h"
#include "repl/line_source.h"
#include "repl/shell.h"
#include "repl/terminal_sink.h"

#include <memory>
#include <string>

namespace backstep::repl {

class RunBreakpoints {
 public:
  RunBreakpoints(rt::Interpreter& in, TerminalSink& sink, std::string program);
  ~RunBreakpoints();
  RunBreakpoints(const RunBreakpoints&) = delete;
  RunBreakpoints& operator=(const RunBreakpoints&) = delete;

  // :quit at the prompt stopped the program: its stop is no error to report.
  bool quitting() const { return shell_ && shell_->exiting(); }
  int quit_status() const { return shell_ ? shell_->exit_status() : 0; }

 private:
  void reached(const lang::Span& where);

  rt::Interpreter& in_;
  TerminalSink& sink_;
  std::string program_;
  std::unique_ptr<LineSource> editor_;
  std::unique_ptr<Shell> shell_;
  bool told_ = false;
};

}  // namespace backstep::repl
