// Batch mode: `backstep FILE` runs one program and exits.
#include "repl/actions.h"

#include "repl/cli.h"
#include "repl/outcome.h"
#include "repl/source_file.h"
#include "repl/terminal_sink.h"

#include <cstdio>
#include <unistd.h>

namespace backstep::repl {

int run_program(const std::string& path) {
  SourceText source = read_source_file(path);
  if (!source.ok()) {
    std::fprintf(stderr, "backstep: %s\n", source.error.c_str());
    return kExitCannotOpen;
  }
  TerminalSink sink(Style{color_enabled_for(STDERR_FILENO)});
  rt::Interpreter in(sink);
  route_interrupts_to(in);
  Settled s = run_and_settle(in, path, std::move(source.text), rt::Interpreter::Mode::File);
  sink.flush();
  switch (s.kind) {
    case Settled::Kind::Ok: return kExitOk;
    case Settled::Kind::Error: return kExitScriptError;
    case Settled::Kind::Interrupted: return kExitInterrupted;
    case Settled::Kind::Exit: return s.status;
  }
  return kExitScriptError;
}

}  // namespace backstep::repl
