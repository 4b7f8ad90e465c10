// backstep: the command line entry point. Parsing is in cli.cpp, the shell
// in shell.cpp, batch runs in batch.cpp.
#include "repl/actions.h"
#include "repl/cli.h"
#include "engine/runtime/stack_guard.h"

#include <cstdio>
#include <exception>

int main(int argc, char** argv) {
  // Note [The native stack guard]: room for deep scripts (and for the larger
  // frames of sanitizer builds), then the bound every recursion check reads.
  backstep::rt::reserve_main_stack(size_t(64) << 20);
  backstep::rt::install_main_stack_floor();
  using backstep::repl::Invocation;
  Invocation inv;
  if (auto status = backstep::repl::parse_command_line(argc, argv, inv)) return *status;
  try {
    switch (inv.action) {
      case Invocation::Action::Shell: return backstep::repl::run_shell_session();
      case Invocation::Action::Run: return backstep::repl::run_program(inv);
      case Invocation::Action::Debug: return backstep::repl::run_debug(inv.debug);
      case Invocation::Action::Render: return backstep::repl::run_render(inv);
    }
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "backstep: internal error: %s\n", e.what());
  }
  return backstep::repl::kExitInternal;
}
