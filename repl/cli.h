// The command line (CLI11). Each subcommand is declared in cli.cpp by one
// add_<name>_command function and becomes one Action; main() dispatches on
// the action. Later subcommands (`debug FILE -x CMDFILE`, `render FILE -o
// OUT`) and options (`--trace`) are added the same way.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace backstep::repl {

struct DebugOptions {
  std::string file;
  std::string command_file;              // -x: commands from a file
  std::vector<std::string> breakpoints;  // --break SPEC (repeatable)
};

// What `run` records and how it behaves for CI.
struct RunOptions {
  std::optional<std::string> log_backward;  // --log-backward [FILE] ("-": stderr)
  std::string trace;                        // --trace OUT.json
  std::string trace_mode = "full";          // --trace-mode full|summary
  std::string graph_json;                   // --graph-json OUT.json
  std::string report;                       // --report OUT.html
  std::string render_dir;                   // --render-dir DIR
  std::string format = "svg";               // --format for --render-dir
  bool json_errors = false;                 // --json-errors
  double timeout = 0;                       // --timeout SECONDS (0: none)
  std::vector<std::string> warnoptions;     // -W ARG (repeatable), as python -W
};

struct RenderCommand {
  std::string file;
  std::string output;              // -o OUT
  std::vector<std::string> vars;   // --var NAME (repeatable)
  std::vector<std::string> flags;  // the render flags, for viz::parse_render_flags
};

struct Invocation {
  enum class Action {
    Shell,   // `backstep`: the interactive shell
    Run,     // `backstep FILE`, `backstep run FILE`
    Debug,   // `backstep debug FILE`
    Render,  // `backstep render FILE -o OUT`
  };
  Action action = Action::Shell;
  std::string file;
  RunOptions run;
  DebugOptions debug;
  RenderCommand render;
};

// Parses the command line into `inv`. Returns an exit status when the
// process should end at once: 0 after --help or --version, 2 after a usage
// error (the message and a usage summary go to stderr).
std::optional<int> parse_command_line(int argc, char** argv, Invocation& inv);

// Exit statuses, shared by every action.
constexpr int kExitOk = 0;
constexpr int kExitScriptError = 1;  // the program raised
constexpr int kExitUsage = 2;
constexpr int kExitCannotOpen = 3;   // a file cannot be read or written
constexpr int kExitTimeout = 124;    // --timeout ran out (as timeout(1) reports it)
constexpr int kExitInterrupted = 130;  // KeyboardInterrupt, as a shell reports SIGINT
constexpr int kExitInternal = 70;    // a bug in backstep (EX_SOFTWARE)

}  // namespace backstep::repl
