// The debugger's face in the shell: what a pause shows, the nested prompt
// it opens, and the state the inspection commands read (the paused node,
// the cursor of :back / :forward).
#pragma once

#include "engine/debug/debugger.h"
#include "engine/debug/frames.h"
#include "repl/shell.h"

#include <optional>

namespace backstep::repl {

class ShellDebugUI : public debug::DebugUI {
 public:
  ShellDebugUI(Shell& shell, debug::Debugger& d);
  ~ShellDebugUI() override;

  debug::Resume on_pause(debug::PauseEvent& event) override;
  void on_program_breakpoint(const lang::Span& where) override;
  debug::Resume on_forward_pause(debug::ForwardPause& pause) override;
  void log(const std::string& line) override;

  // --- for the commands ---------------------------------------------------
  debug::Debugger& debugger() { return d_; }
  Shell& shell() { return shell_; }
  // The pause in progress (null when the program is not paused in a backward).
  debug::PauseEvent* pause() const { return pause_; }
  bool paused_in_forward() const { return in_forward_breakpoint_; }
  // Paused after an uncaught exception: the program has ended.
  bool post_mortem() const { return post_mortem_; }

  // The stack :bt shows and :up / :down move through, innermost first: the
  // forward's frames at a forward pause, the calls that created the node
  // under the cursor at a backward pause (empty when neither).
  const std::vector<debug::StackFrame>& stack();
  size_t selected_frame() const { return frame_; }
  // Selects frame `i` of stack(): the prompt's input runs in its variables.
  void select_frame(size_t i);
  // Leaves the pause with this resume action (:step, :continue, ...).
  void resume(const debug::Resume& r);
  // The history entry the user looks at: the paused node, or where :back
  // and :forward moved (an index into the run's records).
  size_t cursor() const { return cursor_; }
  // The cursor within `run`: where the last pause in it left it (or :back
  // moved it), else the run's last node (where it ended or stopped).
  size_t cursor_in(const debug::BackwardRun& run) const;
  void move_cursor(long delta);
  // The run the inspection commands talk about: the paused one, or the
  // session's last backward.
  const debug::BackwardRun* current_run() const;

  // The header a pause prints: "#4 MulBackward0 — prog.py:12  y = x * w".
  std::string node_header(const debug::BackwardRun& run, size_t record) const;

  // :quit: ends the session (and, under `backstep debug`, the program)
  // after asking when a backward is paused and someone is typing.
  void quit();
  // :display: expressions shown at every pause (display_commands.cpp).
  struct Display {
    int number;
    std::string expression;
  };
  std::vector<Display>& displays() { return displays_; }
  int next_display_number() { return ++last_display_; }
  // Evaluates and prints the displays (each pause calls it).
  void show_displays();
  // A gradient summary, red when it holds NaN or Inf (and colour is on).
  std::string paint_nonfinite(const std::string& summary) const;
  bool source_interactive() const;

 private:
  Shell& shell_;
  debug::Debugger& d_;
  debug::PauseEvent* pause_ = nullptr;
  bool in_forward_breakpoint_ = false;
  bool post_mortem_ = false;
  std::vector<debug::StackFrame> stack_;
  size_t stack_cursor_ = SIZE_MAX;  // the backward record stack_ was made for
  size_t frame_ = 0;
  std::optional<debug::Resume> resume_;
  size_t cursor_ = 0;
  const debug::BackwardRun* cursor_run_ = nullptr;  // the run cursor_ indexes
  std::vector<Display> displays_;
  int last_display_ = 0;
};

// The UI of the shell `shell` runs in (null when none is attached).
ShellDebugUI* debug_ui_of(Shell& shell);
// Attaches a debugger UI to the shell's interpreter (once).
ShellDebugUI& attach_debugger(Shell& shell);

// :break, :breakpoints, :delete, :step, :continue, :finish, :abort, :where,
// :grads, :saved, :list, :nodes, :node, :history, :back, :forward, :log.
void register_debugger_commands(CommandTable& table);

}  // namespace backstep::repl
