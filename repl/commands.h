// The shell's `:` commands (as GHCi's): a line starting with ':' is a
// command, anything else is Python.
//
// Adding commands: write `void register_<topic>_commands(CommandTable&)` in
// repl/<topic>_commands.cpp and call it from register_all_commands() in
// commands.cpp. A command gets the Shell (interpreter, output, exit) and the
// rest of its line; it reports a user error by throwing CommandError, which
// the shell prints as ":name: message" and the session goes on.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace backstep::repl {

class Shell;

struct CommandError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What TAB completes in a command's arguments.
enum class ArgKind { None, Expression, File, Breakpoint };

struct Command {
  std::string name;                  // "load" (typed as ":load")
  std::string args;                  // "FILE", shown by :help
  std::string summary;               // one line for :help
  ArgKind arg_kind = ArgKind::None;
  std::vector<std::string> aliases{};  // exact short forms, e.g. "q" for quit
  std::function<void(Shell& shell, const std::string& args)> run;
  std::string details{};               // more lines for `:help NAME` (optional)
  std::vector<std::string> options{};  // words TAB offers for the arguments ("on", "--saved")
};

class CommandTable {
 public:
  // Adds a command, replacing one of the same name.
  void add(Command c);
  // The command named `name`: an exact name or alias, else the only command
  // whose name starts with `name` (":lo" is ":load"). Null when there is
  // none or several; `error` then says which.
  const Command* find(std::string_view name, std::string* error = nullptr) const;
  // An exact name or alias, never a prefix: what a bare word at a paused
  // prompt must be to run as a command (as pdb's `c`, `where`, `help`).
  const Command* find_exact(std::string_view name) const;
  const std::vector<Command>& all() const { return commands_; }
  std::vector<std::string> names_with_prefix(std::string_view prefix) const;
  // Every alias of a command: its own and the fixed ones (fixed_aliases()).
  std::vector<std::string> aliases_of(const Command& c) const;

 private:
  std::vector<Command> commands_;  // in registration order (:help's order)
};

// The fixed short names pdb and gdb users type, each for the first of its
// commands that exists (so a command registered later, in any file, gets
// its alias without editing anything here). Listed by :help.
struct FixedAlias {
  const char* alias;
  std::vector<const char*> targets;
};
const std::vector<FixedAlias>& fixed_aliases();

// `text` with control characters shown as ^X / \xNN, for error messages
// that quote what was typed (a raw ESC must never reach the terminal).
std::string printable(std::string_view text);

// A command line split into the command name and the rest:
// ":load  prog.py " -> {"load", "prog.py"}.
struct CommandLine {
  std::string name;
  std::string args;
};
CommandLine split_command_line(std::string_view line);

// A lone argument with optional surrounding quotes removed.
std::string unquote(std::string_view arg);

// :help, :load.
void register_basic_commands(CommandTable& table);
// :next, :quit, :run (flow_commands.cpp).
void register_flow_commands(CommandTable& table);
// :tbreak, :condition, :ignore, :disable, :enable, :delete, :breakpoints,
// :info (breakpoint_commands.cpp).
void register_breakpoint_commands(CommandTable& table);
// :display, :undisplay (display_commands.cpp).
void register_display_commands(CommandTable& table);
// Every command backstep has.
void register_all_commands(CommandTable& table);

}  // namespace backstep::repl
