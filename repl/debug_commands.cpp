// Debugger commands that control execution: :break, :breakpoints, :delete,
// :step, :continue, :finish, :abort, :log. The inspection commands are in
// inspect_commands.cpp.
#include "engine/debug/breakpoint_check.h"
#include "repl/debug_ui.h"

#include <fmt/format.h>

namespace backstep::repl {

void register_inspect_commands(CommandTable& table);  // inspect_commands.cpp
std::string breakpoint_state_text(const debug::Breakpoint& b);  // breakpoint_commands.cpp
void register_graph_commands(CommandTable& table);    // graph_commands.cpp
void register_frame_commands(CommandTable& table);    // frame_commands.cpp
void register_params_command(CommandTable& table);    // params_command.cpp

namespace {

ShellDebugUI& paused_ui(Shell& shell, const char* what) {
  ShellDebugUI& u = attach_debugger(shell);
  if (!u.pause() && !u.paused_in_forward())
    throw CommandError(fmt::format("nothing to {}: no backward is paused (use :break or :step, then run a backward)", what));
  return u;
}

void cmd_break(Shell& shell, const std::string& args) {
  int number = 0;
  std::string note;
  std::string error = debug::set_breakpoint(attach_debugger(shell).debugger(), args, &number, &note);
  if (!error.empty()) throw CommandError(error);
  const debug::Breakpoint& b = attach_debugger(shell).debugger().breakpoints().back();
  shell.out(fmt::format("Breakpoint {}: {}{}\n", number, b.describe(), note.empty() ? "" : "  (" + note + ")"));
}

void cmd_breakpoints(Shell& shell, const std::string&) {
  const auto& bps = attach_debugger(shell).debugger().breakpoints();
  if (bps.empty()) {
    shell.out("No breakpoints.\n");
    return;
  }
  for (const auto& b : bps)
    shell.out(fmt::format("{:>3}  {}  (hit {} time{}{}){}\n", b.number, b.describe(), b.hits, b.hits == 1 ? "" : "s",
                          breakpoint_state_text(b), b.pending ? "  pending" : ""));
}

void cmd_delete_node_break(Shell& shell, const std::string& args) {
  int n = 0;
  try {
    n = std::stoi(args);
  } catch (const std::exception&) {
    throw CommandError("usage: :delete N (the number :breakpoints shows)");
  }
  if (!attach_debugger(shell).debugger().delete_breakpoint(n)) throw CommandError(fmt::format("no breakpoint {}", n));
  shell.out(fmt::format("Deleted breakpoint {}\n", n));
}

int count_arg(const std::string& args) {
  if (args.empty()) return 1;
  try {
    int n = std::stoi(args);
    if (n >= 1) return n;
  } catch (const std::exception&) {
  }
  throw CommandError("expected a positive number of steps");
}

void cmd_step(Shell& shell, const std::string& args) {
  ShellDebugUI& u = attach_debugger(shell);
  int n = count_arg(args);
  if (u.pause()) {
    u.resume(debug::Resume{debug::Resume::Kind::Step, n});
    return;
  }
  if (u.paused_in_forward()) {  // the next script line (a backward it starts: its first node)
    u.resume(debug::Resume{debug::Resume::Kind::Step, 1});
    return;
  }
  u.debugger().step_into_next_backward();
  shell.out("The next backward will pause at its first node.\n");
}

void resume_with(Shell& shell, debug::Resume::Kind kind, const char* what) {
  ShellDebugUI& u = paused_ui(shell, what);
  u.resume(debug::Resume{kind, 1});
}

void cmd_continue(Shell& shell, const std::string&) { resume_with(shell, debug::Resume::Kind::Continue, "continue"); }
void cmd_finish(Shell& shell, const std::string&) { resume_with(shell, debug::Resume::Kind::Finish, "finish"); }

void cmd_abort(Shell& shell, const std::string&) {
  ShellDebugUI& u = paused_ui(shell, "abort");
  if (u.paused_in_forward()) {
    shell.interpreter().request_interrupt();
    u.resume(debug::Resume{});
    return;
  }
  u.resume(debug::Resume{debug::Resume::Kind::Abort, 1});
}

void cmd_log(Shell& shell, const std::string& args) {
  debug::Debugger& d = attach_debugger(shell).debugger();
  if (args == "off") {
    if (std::string error = d.stop_logging(); !error.empty()) throw CommandError(error);
    shell.out("Backward logging off.\n");
  } else if (args == "on" || args.empty()) {
    d.log_to_ui(true);
    shell.out("Backward logging on: each node prints a line as it runs.\n");
  } else {
    std::string error;
    if (!d.log_to_file(unquote(args), &error)) throw CommandError(error);
    shell.out(fmt::format("Backward logging to {}.\n", unquote(args)));
  }
}

}  // namespace

void register_debugger_commands(CommandTable& table) {
  table.add({"break", "SPEC [if EXPR]", "pause at nodes: MulBackward0, #ID, FILE:LINE, LINE, nan, inf",
             ArgKind::Breakpoint, {"b"}, cmd_break});
  table.add({"breakpoints", "", "list the breakpoints", ArgKind::None, {}, cmd_breakpoints});
  table.add({"delete", "N", "delete breakpoint N", ArgKind::None, {"d"}, cmd_delete_node_break});
  table.add({"step", "[N]", "run N nodes and pause (before a backward: pause at its first node)", ArgKind::None, {"s"},
             cmd_step,
             "At a backward pause, runs N nodes in engine order and pauses. Before a custom\n"
             "autograd.Function's node, :step (N = 1) enters the Function's backward instead\n"
             "and pauses at its first line, as pdb's step enters a call (:next runs it\n"
             "through). There :step and :next walk its lines, and once it returns the\n"
             "backward pauses at the next node; :finish runs to that node, :continue to\n"
             "the next breakpoint.\n"
             "At a forward pause, runs to the next script line, entering calls (on a line\n"
             "that runs a backward: pauses at its first node). Before the program runs\n"
             "or in the shell: the next backward pauses at its first node."});
  table.add({"continue", "", "run to the next breakpoint", ArgKind::None, {"c"}, cmd_continue});
  table.add({"finish", "", "run the backward to its end, ignoring breakpoints", ArgKind::None, {}, cmd_finish});
  table.add({"abort", "", "stop the backward: it raises RuntimeError at its call site", ArgKind::None, {}, cmd_abort});
  table.add({"log", "on|off|FILE", "log every node as the backward runs it", ArgKind::File, {}, cmd_log, "", {"on", "off"}});
  register_inspect_commands(table);
  register_graph_commands(table);
  register_frame_commands(table);
  register_params_command(table);
}

}  // namespace backstep::repl
