// `backstep debug FILE [-x CMDFILE] [--break SPEC]...`: the program under
// the debugger, with the shell's `:` commands read from a file (as `gdb
// -batch -x`) or typed at the terminal.
//
// A command file is read in order. Lines before the program starts set it
// up (:break, :log, Python); `:run`, `:continue` or `:step` starts it (the
// end of the file does too). While paused, lines are read up to the next
// command that resumes. When the file runs out, the program runs to its
// end. Every line is echoed after its prompt, so the output is a transcript
// that tests can compare.
#include "repl/actions.h"
#include "repl/cli.h"
#include "repl/debug_ui.h"
#include "repl/line_editor.h"
#include "repl/line_source.h"
#include "repl/outcome.h"
#include "repl/source_file.h"
#include "repl/terminal_sink.h"

#include <fstream>
#include <memory>
#include <unistd.h>

namespace backstep::repl {

namespace {

bool starts_program(const std::string& line) {
  std::string name = split_command_line(line).name;
  if (!name.empty() && name[0] == ':') name = name.substr(1);
  return name == "run" || name == "continue" || name == "c" || name == "step" || name == "s";
}

std::unique_ptr<LineSource> command_source(const DebugOptions& o, std::string* error) {
  if (!o.command_file.empty()) {
    std::ifstream f(o.command_file);
    if (!f) {
      *error = "cannot open '" + o.command_file + "'";
      return nullptr;
    }
    std::vector<std::string> lines;
    for (std::string line; std::getline(f, line);) lines.push_back(line);
    return std::make_unique<EchoingLineSource>(std::move(lines));
  }
  bool terminal = isatty(STDIN_FILENO) == 1;
  return std::make_unique<FdLineSource>(STDIN_FILENO, terminal ? STDERR_FILENO : -1);
}

// The setup phase: runs lines until one starts the program.
void run_setup(Shell& shell, LineSource& source) {
  for (;;) {
    ReadResult r = source.read("(backstep) ");
    if (r.status != ReadResult::Status::Line) return;
    if (starts_program(r.line)) {
      std::string name = split_command_line(r.line).name;
      if (name == ":step" || name == ":s" || name == "step" || name == "s")
        debug_ui_of(shell)->debugger().step_into_next_backward();
      return;
    }
    shell.feed_line(r.line);
  }
}

}  // namespace

int run_debug(const DebugOptions& o) {
  SourceText program = read_source_file(o.file);
  if (!program.ok()) {
    std::fprintf(stderr, "backstep: %s\n", program.error.c_str());
    return kExitCannotOpen;
  }
  std::string error;
  auto source = command_source(o, &error);
  if (!source) {
    std::fprintf(stderr, "backstep: %s\n", error.c_str());
    return kExitCannotOpen;
  }
  TerminalSink sink(Style{color_enabled_for(STDERR_FILENO)});
  rt::Interpreter in(sink);
  route_interrupts_to(in);
  Shell shell(in, sink, Style{color_enabled_for(STDOUT_FILENO)});
  ShellDebugUI& ui = attach_debugger(shell);
  for (const auto& spec : o.breakpoints) {
    debug::ParsedBreakpoint p = debug::parse_breakpoint(spec);
    if (!p.breakpoint) {
      std::fprintf(stderr, "backstep: --break %s: %s\n", spec.c_str(), p.error.c_str());
      return kExitUsage;
    }
    ui.debugger().add_breakpoint(*p.breakpoint);
  }
  shell.set_source(source.get());
  run_setup(shell, *source);
  if (shell.exiting()) return shell.exit_status();
  Settled s = run_and_settle(in, o.file, std::move(program.text), rt::Interpreter::Mode::File);
  sink.flush();
  if (shell.exiting()) return shell.exit_status();
  switch (s.kind) {
    case Settled::Kind::Ok: return kExitOk;
    case Settled::Kind::Error: return kExitScriptError;
    case Settled::Kind::Interrupted: return kExitInterrupted;
    case Settled::Kind::Exit: return s.status;
  }
  return kExitScriptError;
}

}  // namespace backstep::repl
