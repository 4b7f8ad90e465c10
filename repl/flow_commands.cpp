// Commands that move the program on or end it, beyond debug_commands.cpp's
// and frame_commands.cpp's (:next): :quit, and :run (which `backstep debug` reads at its
// setup prompt; elsewhere it says what to do instead).
#include "repl/debug_ui.h"

namespace backstep::repl {
namespace {

void cmd_quit(Shell& shell, const std::string& args) {
  if (!args.empty()) throw CommandError("takes no arguments");
  attach_debugger(shell).quit();
}

void cmd_run(Shell& shell, const std::string&) {
  ShellDebugUI& u = attach_debugger(shell);
  if (u.pause() || u.paused_in_forward()) throw CommandError("the program is running already (:continue resumes it)");
  throw CommandError("nothing to start here: `backstep debug FILE` starts its program at :run; in the shell, :load FILE runs one");
}

}  // namespace

void register_flow_commands(CommandTable& table) {
  table.add({"quit", "", "leave (asks when a backward is paused; under debug, ends the program)", ArgKind::None, {},
             cmd_quit,
             "In the shell, as Ctrl-D at >>>. While paused at a terminal it asks first; the\n"
             "paused backward is aborted. Under `backstep debug` the program ends with\n"
             "status 1 (it did not run to its end)."});
  table.add({"run", "", "start the program (backstep debug's setup prompt)", ArgKind::None, {}, cmd_run,
             "`backstep debug FILE` waits at its (backstep) prompt for breakpoints to be set;\n"
             ":run (or :continue, :step) starts the program."});
}

}  // namespace backstep::repl
