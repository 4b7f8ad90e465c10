// Batch mode: `backstep FILE` runs one program and exits.
#include "repl/actions.h"

#include "engine/debug/debugger.h"
#include "repl/cli.h"
#include "repl/outcome.h"
#include "repl/source_file.h"
#include "repl/terminal_sink.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace backstep::repl {

namespace {

// --log-backward, or BACKSTEP_LOG=autograd in the environment.
bool set_up_logging(const Invocation& inv, rt::Interpreter& in) {
  std::optional<std::string> target = inv.log_backward;
  if (!target) {
    const char* env = std::getenv("BACKSTEP_LOG");
    if (env && std::string(env) == "autograd") target = "-";
  }
  if (!target) return true;
  debug::Debugger& d = debug::debugger(in);
  if (*target == "-") {
    d.log_to_stream(stderr);
    return true;
  }
  std::string error;
  if (d.log_to_file(*target, &error)) return true;
  std::fprintf(stderr, "backstep: %s\n", error.c_str());
  return false;
}

}  // namespace

int run_program(const Invocation& inv) {
  const std::string& path = inv.file;
  SourceText source = read_source_file(path);
  if (!source.ok()) {
    std::fprintf(stderr, "backstep: %s\n", source.error.c_str());
    return kExitCannotOpen;
  }
  TerminalSink sink(Style{color_enabled_for(STDERR_FILENO)});
  rt::Interpreter in(sink);
  route_interrupts_to(in);
  if (!set_up_logging(inv, in)) return kExitCannotOpen;
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
