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
enum class ArgKind { None, Expression, File };

struct Command {
  std::string name;                  // "load" (typed as ":load")
  std::string args;                  // "FILE", shown by :help
  std::string summary;               // one line for :help
  ArgKind arg_kind = ArgKind::None;
  std::vector<std::string> aliases;  // exact short forms, e.g. "q" for quit
  std::function<void(Shell& shell, const std::string& args)> run;
};

class CommandTable {
 public:
  // Adds a command, replacing one of the same name.
  void add(Command c);
  // The command named `name`: an exact name or alias, else the only command
  // whose name starts with `name` (":lo" is ":load"). Null when there is
  // none or several; `error` then says which.
  const Command* find(std::string_view name, std::string* error = nullptr) const;
  const std::vector<Command>& all() const { return commands_; }
  std::vector<std::string> names_with_prefix(std::string_view prefix) const;

 private:
  std::vector<Command> commands_;  // in registration order (:help's order)
};

// A command line split into the command name and the rest:
// ":load  prog.py " -> {"load", "prog.py"}.
struct CommandLine {
  std::string name;
  std::string args;
};
CommandLine split_command_line(std::string_view line);

// A lone argument with optional surrounding quotes removed.
std::string unquote(std::string_view arg);

// :help, :quit, :load.
void register_basic_commands(CommandTable& table);
// Every command backstep has.
void register_all_commands(CommandTable& table);

}  // namespace backstep::repl
