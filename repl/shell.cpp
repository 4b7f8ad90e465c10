// The shell loop. One loop serves the terminal (libedit), a pipe and, later,
// debugger command files: only the LineSource differs.
#include "engine/api/install.h"
#include "repl/shell.h"

#include "engine/debug/forward.h"
#include "repl/actions.h"
#include "repl/completer.h"
#include "repl/debug_ui.h"
#include "repl/history.h"
#include "repl/line_editor.h"
#include "repl/outcome.h"
#include "repl/paused_time.h"
#include "repl/signals.h"
#include "repl/version.h"

#include <c10/util/Exception.h>

#include <algorithm>
#include <cctype>
#include <clocale>
#include <unistd.h>

namespace backstep::repl {

Shell::Shell(rt::Interpreter& in, TerminalSink& sink, Style style)
    : in_(in), sink_(sink), style_(style), input_([this](const std::string& t) { return check(t); }) {
  register_all_commands(commands_);
}

void Shell::request_exit(int status) {
  if (!exit_status_) exit_status_ = status;
}

SyntaxState Shell::check(const std::string& text) {
  try {
    std::optional<lang::Diagnostic> d = in_.check_syntax(text);
    if (!d) return SyntaxState::Complete;
    return d->incomplete ? SyntaxState::Incomplete : SyntaxState::Error;
  } catch (const std::exception&) {
    return SyntaxState::Error;  // run_source will say what is wrong
  }
}

int Shell::run(LineSource& source) {
  source_ = &source;
  while (!exit_status_) {
    ReadResult r = read(source, input_.empty() ? ">>> " : "... ");
    switch (r.status) {
      case ReadResult::Status::Line:
        handle_line(r.line, source);
        break;
      case ReadResult::Status::Interrupted:
        // As Python's REPL: the input typed so far is dropped (at a
        // terminal, the message goes below the abandoned line).
        input_.reset();
        err(source.interactive() ? "\nKeyboardInterrupt\n" : "KeyboardInterrupt\n");
        break;
      case ReadResult::Status::EndOfInput:
        if (!input_.empty()) run_pending();  // a block the input ended without a blank line
        sink_.flush();
        return exit_status_.value_or(0);
    }
  }
  sink_.flush();
  return *exit_status_;
}

void Shell::feed_line(const std::string& line) {
  if (source_) handle_line(line, *source_);
  if (!input_.empty() && line.find_first_not_of(" \t") == std::string::npos) run_pending();
}

ReadResult Shell::read(LineSource& source, const std::string& prompt) {
  ReadResult r = source.read(prompt);
  if (r.status == ReadResult::Status::Line && source.ends_output_line()) sink_.line_ended();
  return r;
}

Shell::NestedEnd Shell::run_nested(const std::function<std::string()>& prompt, bool ctrl_c_stays) {
  // The outer input is suspended: a nested prompt starts with no pending
  // block of its own and gives the outer one back afterwards.
  InputAssembler outer = std::move(input_);
  input_ = InputAssembler([this](const std::string& t) { return check(t); });
  bool outer_leave = leave_nested_;
  leave_nested_ = false;
  bool outer_bare = bare_commands_;
  bare_commands_ = true;
  NestedEnd end = NestedEnd::EndOfInput;
  sigint::ReadingScope reading;
  paused_time::Scope paused;  // --timeout's clock stops here
  while (source_ && !exit_status_) {
    ReadResult r = read(*source_, input_.empty() ? prompt() : "... ");
    if (r.status == ReadResult::Status::Interrupted) {
      if (ctrl_c_stays) {
        input_.reset();
        err(source_->interactive() ? "\nKeyboardInterrupt\n" : "KeyboardInterrupt\n");
        continue;
      }
      end = NestedEnd::Interrupted;
      break;
    }
    if (r.status == ReadResult::Status::EndOfInput) break;
    {
      sigint::RunningScope running;
      handle_line(r.line, *source_);
    }
    if (leave_nested_) {
      end = NestedEnd::Left;
      break;
    }
  }
  input_ = std::move(outer);
  leave_nested_ = outer_leave;
  bare_commands_ = outer_bare;
  return end;
}

bool Shell::confirm(const std::string& question) {
  if (!source_ || !source_->interactive()) return true;
  ReadResult r = read(*source_, question + " (y or n) ");
  if (r.status != ReadResult::Status::Line) return false;
  size_t b = r.line.find_first_not_of(" \t");
  bool yes = b != std::string::npos && (r.line[b] == 'y' || r.line[b] == 'Y');
  if (!yes) out("Not confirmed.\n");
  return yes;
}

namespace {

std::string_view trimmed(std::string_view s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

bool is_python_operator_word(std::string_view w) {
  for (std::string_view k : {"in", "is", "and", "or", "not", "if", "else", "for"})
    if (w == k) return true;
  return false;
}

}  // namespace

bool Shell::names_a_variable(const std::string& word) const {
  // A variable of the program wins over a command of the same name (`h`,
  // `n`, `s` are common names): `:h` is the command then.
  if (in_.global(word)) return true;
  for (rt::Frame* f = exec_frame_; f && f->scope; f = nullptr) {
    for (const auto* names : {&f->scope->local_names, &f->scope->cell_names, &f->scope->free_names})
      if (std::find(names->begin(), names->end(), word) != names->end()) return true;
  }
  return false;
}

bool Shell::is_bare_command(const std::string& line) const {
  size_t b = line.find_first_not_of(" \t");
  if (b == std::string::npos) return false;
  size_t e = line.find_first_of(" \t", b);
  std::string word = line.substr(b, e == std::string::npos ? std::string::npos : e - b);
  const Command* command = commands_.find_exact(word);
  if (!command || names_a_variable(word)) return false;
  size_t rest = e == std::string::npos ? std::string::npos : line.find_first_not_of(" \t", e);
  if (rest == std::string::npos) return true;  // `c`, `where`, `help`
  // `b 12`, `help next`, `condition 1 x > 0` are commands; `c = 3`,
  // `n + 1`, `s.sum()` and `n in xs` are Python.
  char next = line[rest];
  // An expression command (`p {'a': 1}`, `pp [x, y]`, `p -x`, `p (a, b)`)
  // takes any expression, as pdb's do: its word names no variable, so as
  // Python the line could only be a NameError, unless it assigns the name.
  if (command->arg_kind == ArgKind::Expression) {
    std::string_view after = std::string_view(line).substr(rest);
    bool assigns = (after.size() > 1 && after[1] == '=' && std::string_view("+-*/%&|^@").find(after[0]) != std::string_view::npos) ||
                   (after[0] == '=' && (after.size() == 1 || after[1] != '='));
    if (!assigns) return true;
  }
  if (!(std::isalnum(static_cast<unsigned char>(next)) || next == '#' || next == '_' || next == '"' || next == '\''))
    return false;
  size_t word_end = line.find_first_of(" \t", rest);
  return !is_python_operator_word(std::string_view(line).substr(rest, word_end == std::string::npos ? std::string::npos : word_end - rest));
}

void Shell::handle_line(const std::string& line, LineSource& source) {
  if (line.find('\n') != std::string::npos) {
    handle_paste(line, source);
    return;
  }
  if (input_.empty()) {
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos) return;  // an empty line at ">>> " does nothing
    if (line[first] == ':' || (bare_commands_ && is_bare_command(line))) {
      source.remember(line);
      run_command(line);
      sink_.flush();
      return;
    }
    if (!bare_commands_ && trimmed(line) == "help" && !in_.global("help")) {
      // What Python's REPL answers to a bare `help`, and where the commands are.
      source.remember(line);
      out("Type help() for interactive help, or help(object) for help about object.\n"
          "Type :help for backstep's commands.\n");
      return;
    }
    if (bare_commands_ && line[first] == '!') {  // pdb's "this is Python"
      source.remember(line);
      if (input_.feed(line.substr(first + 1))) run_pending();
      return;
    }
  }
  source.remember(line);
  if (input_.feed(line)) run_pending();
}

void Shell::handle_paste(const std::string& block, LineSource& source) {
  // A pasted block of commands runs line by line; Python runs as one input
  // (blank lines inside a def do not end it), joined to a pending block.
  size_t first = block.find_first_not_of(" \t\n");
  if (first == std::string::npos) return;
  bool commands = input_.empty() && (block[first] == ':' || (bare_commands_ && is_bare_command(block.substr(first, block.find('\n', first) - first))));
  size_t pos = 0;
  while (pos <= block.size()) {
    size_t nl = block.find('\n', pos);
    std::string line = block.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    if (commands) handle_line(line, source);
    else source.remember(line);
    if (nl == std::string::npos) break;
    pos = nl + 1;
  }
  if (!commands && input_.feed_block(block)) run_pending();
}

void Shell::run_pending() {
  execute("<stdin>", input_.take(), rt::Interpreter::Mode::Shell);
  // Flushed after every input, not only at a prompt: a program driving
  // backstep through a pipe sees each answer before it sends the next line.
  sink_.flush();
}

namespace {

// What :pm opens (pdb.pm()): the frames the last uncaught exception left.
void remember_for_post_mortem(Shell& shell, const std::shared_ptr<rt::ExceptionObject>& exception) {
  ShellDebugUI* ui = debug_ui_of(shell);
  if (!ui) return;
  std::string line = shell.interpreter().exception_line(*exception);
  if (!line.empty() && line.back() == '\n') line.pop_back();
  ui->debugger().forward().remember_uncaught(exception, line);
}

}  // namespace

bool Shell::execute(const std::string& name, std::string text, rt::Interpreter::Mode mode) {
  Settled s = exec_frame_ ? run_in_frame_and_settle(in_, name, std::move(text), *exec_frame_)
                          : run_and_settle(in_, name, std::move(text), mode, [this] { return exiting(); });
  if (s.kind == Settled::Kind::Exit) request_exit(s.status);
  if (s.exception && !exec_frame_) remember_for_post_mortem(*this, s.exception);
  return s.kind == Settled::Kind::Ok;
}

namespace {

std::string first_line(std::string_view text) {
  size_t nl = text.find('\n');
  return printable(text.substr(0, nl));
}

}  // namespace

void Shell::run_command(const std::string& line) {
  CommandLine cl = split_command_line(line);
  std::string error;
  const Command* c = commands_.find(cl.name, &error);
  if (!c) {
    err(error + "\n");
    return;
  }
  // Copies: a command may add commands while it runs, moving the table.
  std::string name = c->name;
  auto run = c->run;
  try {
    run(*this, cl.args);
  } catch (const CommandError& e) {
    err(":" + name + ": " + e.what() + "\n");
  } catch (const c10::Error& e) {
    // libtorch's message without its C++ backtrace: every command is total.
    err(":" + name + ": " + first_line(e.what_without_backtrace()) + "\n");
  } catch (const std::exception& e) {
    err(":" + name + ": " + first_line(e.what()) + "\n");
  }
}

namespace {


int run_with_editor(Shell& shell, rt::Interpreter& in) {
  // libedit decodes multibyte (UTF-8) input only under a matching locale.
  // Only the character-type category changes: number formatting (LC_NUMERIC)
  // stays "C", which float printing relies on.
  std::setlocale(LC_CTYPE, "");
  LineEditor editor(history_file_path(), color_enabled_for(STDOUT_FILENO));
  editor.set_completion([&](const std::string& line, size_t start, size_t end) {
    return complete_shell_line(in, shell.commands(), line, start, end, shell.bare_commands(), shell.exec_frame());
  });
  shell.out(version_banner());
  return shell.run(editor);
}

}  // namespace

int run_shell_session() {
  bool terminal_in = isatty(STDIN_FILENO) == 1;
  bool terminal = terminal_in && isatty(STDOUT_FILENO) == 1;
  TerminalSink sink(Style{color_enabled_for(STDERR_FILENO)});
  rt::Interpreter in(sink);
  backstep::api::install_torch(in);
  route_interrupts_to(in);
  Shell shell(in, sink, Style{color_enabled_for(STDOUT_FILENO)});
  attach_debugger(shell);  // backwards run on a worker and can pause at any node
  if (terminal) return run_with_editor(shell, in);
  // Not a terminal: the same shell, fed line by line from stdin, so a piped
  // transcript gets exactly what typing it would (blocks end at blank
  // lines, values are echoed, an error does not stop the rest).
  FdLineSource lines(STDIN_FILENO, terminal_in ? STDERR_FILENO : -1);
  return shell.run(lines);
}

}  // namespace backstep::repl
