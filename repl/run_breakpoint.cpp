#include "repl/run_breakpoint.h"

#include "engine/debug/debugger.h"
#include "repl/cli.h"
#include "repl/completer.h"
#include "repl/debug_ui.h"
#include "repl/history.h"
#include "repl/line_editor.h"
#include "repl/style.h"

#include <fmt/format.h>

#include <clocale>
#include <unistd.h>

namespace backstep::repl {

RunBreakpoints::RunBreakpoints(rt::Interpreter& in, TerminalSink& sink, std::string program)
    : in_(in), sink_(sink), program_(std::move(program)) {
  debug::debugger(in_).set_breakpoint_fallback([this](const lang::Span& where) { reached(where); });
}

RunBreakpoints::~RunBreakpoints() { debug::debugger(in_).set_breakpoint_fallback(nullptr); }

void RunBreakpoints::reached(const lang::Span& where) {
  if (isatty(STDIN_FILENO) != 1 || isatty(STDOUT_FILENO) != 1) {
    if (told_) return;
    told_ = true;
    sink_.err(fmt::format("{}:{}: breakpoint() does not stop: no terminal to debug at (`backstep debug {}` stops "
                          "there; PYTHONBREAKPOINT=0 skips it silently)\n",
                          lang::file_name_of(where), where.line, program_));
    return;
  }
  // The shell of `backstep debug`, made now: until here the program ran
  // without the debugger's costs, as CPython's runs without pdb's.
  std::setlocale(LC_CTYPE, "");  // as the shell: UTF-8 input under a UTF-8 locale
  auto editor = std::make_unique<LineEditor>(history_file_path(), color_enabled_for(STDOUT_FILENO));
  shell_ = std::make_unique<Shell>(in_, sink_, Style{color_enabled_for(STDOUT_FILENO)});
  shell_->set_quit_status(kExitScriptError);  // :quit ends the program before its end
  Shell& shell = *shell_;
  editor->set_completion([this, &shell](const std::string& line, size_t start, size_t end) {
    return complete_shell_line(in_, shell.commands(), line, start, end, shell.bare_commands(), shell.exec_frame());
  });
  editor_ = std::move(editor);
  shell.set_source(editor_.get());
  ShellDebugUI& ui = attach_debugger(shell);
  ui.debugger().set_program(program_);
}

}  // namespace backstep::repl
