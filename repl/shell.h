// The interactive shell: reads inputs from a LineSource (the line editor at
// a terminal, or a pipe), assembles multi-line blocks, runs Python through
// the interpreter in Mode::Shell (values echoed) and dispatches `:` commands.
// An error or a Ctrl-C never ends the session.
#pragma once

#include "engine/runtime/interpreter.h"
#include "repl/commands.h"
#include "repl/input_assembler.h"
#include "repl/line_source.h"
#include "repl/style.h"
#include "repl/terminal_sink.h"

#include <functional>
#include <optional>
#include <string>

namespace backstep::repl {

class Shell {
 public:
  Shell(rt::Interpreter& in, TerminalSink& sink, Style style);
  Shell(const Shell&) = delete;
  Shell& operator=(const Shell&) = delete;

  // Reads and runs inputs until the end of input or :quit; returns the
  // process exit status.
  int run(LineSource& source);

  // --- for commands -------------------------------------------------------
  rt::Interpreter& interpreter() { return in_; }
  const Style& style() const { return style_; }
  CommandTable& commands() { return commands_; }
  const CommandTable& commands() const { return commands_; }
  void out(std::string_view text) { sink_.out(text); }
  // Ends the line the program's output left open, if it did (a pause's
  // header must not continue a print(..., end='')).
  void fresh_line() { sink_.fresh_line(); }
  void err(std::string_view text) { sink_.err(text); }
  // Ends the session after the current input with `status`.
  void request_exit(int status);
  // Runs code in the session (Ctrl-C interrupts it, errors are reported).
  // True when it ran without an error.
  bool execute(const std::string& name, std::string text, rt::Interpreter::Mode mode);

  // A prompt nested inside running code (the debugger's pause): reads and
  // runs inputs from the session's line source until a command calls
  // leave_nested(), Ctrl-C is pressed, or the input ends.
  enum class NestedEnd { Left, Interrupted, EndOfInput };
  // `prompt` is asked before every line: it may change while the prompt is
  // open (:back moves the node the prompt names).
  // `ctrl_c_stays`: Ctrl-C drops the line typed and the prompt stays (as
  // at pdb's); otherwise it ends the prompt (NestedEnd::Interrupted).
  NestedEnd run_nested(const std::function<std::string()>& prompt, bool ctrl_c_stays = false);
  NestedEnd run_nested(const std::string& prompt, bool ctrl_c_stays = false) {
    return run_nested([prompt] { return prompt; }, ctrl_c_stays);
  }
  // Asks a yes/no question at a terminal; true without asking when no one
  // types (a command file, a pipe).
  bool confirm(const std::string& question);
  // The status :quit leaves with (`backstep debug` makes it 1: the program
  // did not run to its end).
  void set_quit_status(int status) { quit_status_ = status; }
  int quit_status() const { return quit_status_; }
  // Whether bare command words (c, where, help) run as commands, as at
  // pdb's prompt; true at paused prompts and `debug`'s setup prompt.
  void set_bare_commands(bool on) { bare_commands_ = on; }
  bool bare_commands() const { return bare_commands_; }
  void leave_nested() { leave_nested_ = true; }
  LineSource* source() const { return source_; }
  void set_source(LineSource* s) { source_ = s; }
  // Where inputs run: a paused frame (breakpoint()), or null for module level.
  void set_exec_frame(rt::Frame* f) { exec_frame_ = f; }
  rt::Frame* exec_frame() const { return exec_frame_; }
  bool exiting() const { return exit_status_.has_value(); }
  int exit_status() const { return exit_status_.value_or(0); }
  // Processes one line as typed at the prompt (a command, or Python that
  // may continue a block); runs a pending block at a blank line.
  void feed_line(const std::string& line);
  // Whether a block typed through feed_line() is still open (its prompt is
  // then "... "), and dropping it (Ctrl-C at that prompt, as Python's REPL).
  bool input_pending() const { return !input_.empty(); }
  void drop_pending_input() { input_.reset(); }

 private:
  // source.read, noting that the line typed (or echoed) ended the output's line.
  ReadResult read(LineSource& source, const std::string& prompt);
  void handle_line(const std::string& line, LineSource& source);
  void handle_paste(const std::string& block, LineSource& source);
  bool is_bare_command(const std::string& line) const;
  bool names_a_variable(const std::string& word) const;
  void run_pending();
  void run_command(const std::string& line);
  SyntaxState check(const std::string& text);

  rt::Interpreter& in_;
  TerminalSink& sink_;
  Style style_;
  CommandTable commands_;
  InputAssembler input_;
  std::optional<int> exit_status_;
  LineSource* source_ = nullptr;
  rt::Frame* exec_frame_ = nullptr;
  bool leave_nested_ = false;
  bool bare_commands_ = false;
  int quit_status_ = 0;
};

}  // namespace backstep::repl
