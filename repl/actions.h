// What main() can do after parsing the command line; each returns the exit
// status. Declared here, away from the engine headers, so main.cpp compiles
// in a moment.
#pragma once

#include <string>

namespace backstep::repl {

// `backstep`: an interactive shell at a terminal, or the same shell fed from
// stdin without prompts when stdin is not a terminal (shell.cpp).
int run_shell_session();

// `backstep FILE`: 0, 1 when the program raised (traceback on stderr), 3
// when the file cannot be read, 130 after Ctrl-C, or a SystemExit's code
// (batch.cpp).
struct Invocation;
int run_program(const Invocation& invocation);

// `backstep render FILE -o OUT [--var NAME]...` (batch.cpp).
int run_render(const Invocation& invocation);

struct DebugOptions;
// `backstep debug FILE [-x CMDFILE] [--break SPEC]...` (debug_batch.cpp).
int run_debug(const DebugOptions& options);

}  // namespace backstep::repl
