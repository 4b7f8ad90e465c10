// `backstep debug FILE [-x CMDFILE] [--break SPEC]...`: the program under
// the debugger, with the shell's `:` commands read from a file (as `gdb
// -batch -x`) or typed at the terminal.
//
// A command file is read in order. Its first lines set the session up
// (:break, :delete, :breakpoints, :log, comments); the program starts at the
// first other line -- which is then read at the first pause -- or at an
// explicit `:run` / `:continue` (`:step` also pauses the first backward at
// its first node). While paused, lines are read up to the next command that
// resumes. When the file runs out, the program runs to its end. Every line
// is echoed after its prompt, so the output is a transcript that tests can
// compare. At a terminal, setup lasts until `:run`, `:continue` or `:step`.
#include "engine/api/install.h"
#include "engine/debug/breakpoint_check.h"
#include "engine/debug/forward.h"
#include "engine/runtime/sys_module.h"
#include "repl/actions.h"
#include "repl/cli.h"
#include "repl/completer.h"
#include "repl/debug_ui.h"
#include "repl/history.h"
#include "repl/line_editor.h"
#include "repl/line_source.h"
#include "repl/outcome.h"
#include "repl/signals.h"
#include "repl/source_file.h"
#include "repl/terminal_sink.h"

#include <clocale>
#include <fstream>
#include <iostream>
#include <memory>
#include <unistd.h>

namespace backstep::repl {

namespace {

// The command a setup line names (":c", "c", ":cont" -> "continue"), or ""
// for Python and unknown words.
std::string canonical_command(const Shell& shell, const std::string& line) {
  size_t b = line.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  std::string name = split_command_line(line).name;
  const Command* c = line[b] == ':' ? shell.commands().find(name) : shell.commands().find_exact(name);
  return c ? c->name : "";
}

bool starts_program(const Shell& shell, const std::string& line) {
  std::string name = canonical_command(shell, line);
  return name == "run" || name == "continue" || name == "step" || name == "next";
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
  if (isatty(STDIN_FILENO) == 1) {
    // The shell's line editor: editing, history, completion, paste.
    if (isatty(STDOUT_FILENO) == 1) {
      std::setlocale(LC_CTYPE, "");  // as the shell: UTF-8 input under a UTF-8 locale
      return std::make_unique<LineEditor>(history_file_path(), color_enabled_for(STDOUT_FILENO));
    }
    return std::make_unique<FdLineSource>(STDIN_FILENO, STDERR_FILENO);
  }
  // Commands piped in are a command file that arrives on stdin.
  std::vector<std::string> lines;
  for (std::string line; std::getline(std::cin, line);) lines.push_back(line);
  return std::make_unique<EchoingLineSource>(std::move(lines));
}

bool is_setup_line(const Shell& shell, const std::string& line) {
  size_t b = line.find_first_not_of(" \t");
  if (b == std::string::npos || line[b] == '#') return true;
  if (line[b] != ':') return false;  // in a command file, the program starts at its first other line
  static const char* setup[] = {"break", "tbreak", "delete", "breakpoints", "log", "help", "condition",
                                "ignore", "disable", "enable", "info", "display", "undisplay", "quit"};
  std::string name = canonical_command(shell, line);
  for (const char* s : setup)
    if (name == s) return true;
  return false;
}

// The setup phase: runs lines until one starts the program.
void run_setup(Shell& shell, LineSource& source) {
  auto* file = dynamic_cast<EchoingLineSource*>(&source);
  shell.set_bare_commands(true);  // `b 12`, `c`, `help` as at pdb's prompt
  for (;;) {
    if (shell.exiting()) break;
    if (file && file->peek() && !is_setup_line(shell, *file->peek()) && !starts_program(shell, *file->peek())) break;
    // An open block (`x = [1,`, a `def`) goes on at "... ", as at the shell's.
    ReadResult r = source.read(shell.input_pending() ? "... " : "(backstep) ");
    if (r.status == ReadResult::Status::Interrupted) {
      // Ctrl-C drops the line and any block still open (else the lines
      // typed next would silently join it); setup goes on.
      shell.drop_pending_input();
      shell.err(source.interactive() ? "\nKeyboardInterrupt\n" : "KeyboardInterrupt\n");
      continue;
    }
    if (r.status != ReadResult::Status::Line) break;
    if (!shell.input_pending() && starts_program(shell, r.line)) {  // `c` inside a block is Python
      source.remember(r.line);
      std::string name = canonical_command(shell, r.line);
      if (name == "step" || name == "next") debug_ui_of(shell)->debugger().step_into_next_backward();
      break;
    }
    shell.feed_line(r.line);
  }
  shell.set_bare_commands(false);
}

void pause_interpreter(void* interpreter) {
  // Called from the SIGINT handler: request_pause only stores an atomic.
  static_cast<rt::Interpreter*>(interpreter)->request_pause();
}

// Whoever drives the session can still answer: a terminal, or a command
// file with lines left.
bool someone_to_ask(LineSource& source) {
  if (source.interactive()) return true;
  auto* file = dynamic_cast<EchoingLineSource*>(&source);
  return file && file->peek();
}

// Runs the program; an uncaught exception in it is reported as Python
// does, then the post-mortem prompt opens in the frames it left.
Settled run_program(rt::Interpreter& in, const std::string& name, std::string text, ShellDebugUI& ui,
                    LineSource& source) {
  rt::Interpreter::Outcome outcome;
  in.clear_interrupt();
  try {
    sigint::RunningScope running;
    outcome = in.run_source(name, std::move(text), rt::Interpreter::Mode::File);
  } catch (const std::exception& e) {
    in.sink().err(std::string("backstep: internal error: ") + e.what() + "\n");
    return {Settled::Kind::Error, 1};
  }
  in.clear_interrupt();
  // After :quit the program stops without a traceback for the stop itself.
  if (ui.shell().exiting() && !outcome.ok()) return {Settled::Kind::Error, 1};
  Settled s = settle(in, outcome);
  if (s.kind == Settled::Kind::Error && outcome.error && !ui.shell().exiting() && someone_to_ask(source)) {
    in.sink().flush();
    std::string line = in.exception_line(*outcome.error->exception());
    if (!line.empty() && line.back() == '\n') line.pop_back();
    ui.debugger().forward().post_mortem(*outcome.error, line);
  }
  return s;
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
  backstep::api::install_torch(in);
  route_interrupts_to(in);
  rt::set_argv(in, {o.file});  // sys.argv and sys.path[0] (the program's folder), as `run` has them
  Shell shell(in, sink, Style{color_enabled_for(STDOUT_FILENO)});
  shell.set_quit_status(kExitScriptError);  // :quit ends the program before its end
  ShellDebugUI& ui = attach_debugger(shell);
  ui.debugger().set_program(o.file);
  for (const auto& spec : o.breakpoints) {
    std::string error = debug::set_breakpoint(ui.debugger(), spec, nullptr, nullptr);
    if (!error.empty()) {
      std::fprintf(stderr, "backstep: --break %s: %s\n", spec.c_str(), error.c_str());
      return kExitUsage;
    }
  }
  shell.set_source(source.get());
  if (auto* editor = dynamic_cast<LineEditor*>(source.get()))
    editor->set_completion([&](const std::string& line, size_t start, size_t end) {
      return complete_shell_line(in, shell.commands(), line, start, end, shell.bare_commands(), shell.exec_frame());
    });
  run_setup(shell, *source);
  if (shell.exiting()) return shell.exit_status();
  sigint::set_target(pause_interpreter, &in);  // Ctrl-C in the forward pauses it
  Settled s = run_program(in, o.file, std::move(program.text), ui, *source);
  sink.flush();
  if (shell.exiting()) return shell.exit_status();
  return exit_status_of(s);
}

}  // namespace backstep::repl
