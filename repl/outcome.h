// What the end of a run means for the session or the process: shared by the
// shell (each input) and batch mode (a whole program).
#pragma once

#include "engine/runtime/interpreter.h"

#include <functional>

namespace backstep::repl {

struct Settled {
  enum class Kind {
    Ok,
    Error,        // reported Python-style on stderr
    Interrupted,  // KeyboardInterrupt, reported
    Exit,         // SystemExit: leave with `status`
  };
  Settled() = default;
  Settled(Kind k, int s) : kind(k), status(s) {}
  Kind kind = Kind::Ok;
  int status = 0;
  std::shared_ptr<rt::ExceptionObject> exception;  // what ended an Error run (for :pm)
};

// The process exit status for a program that ended so (cli.h's kExit*).
int exit_status_of(const Settled& s);

// Reports an error outcome through the interpreter (Python-style, to the
// sink's err()) and classifies it. SystemExit is not reported as an error:
// as in Python, `raise SystemExit(3)` exits with 3, SystemExit("msg")
// prints the message and exits with 1, SystemExit() / None exits with 0.
Settled settle(rt::Interpreter& in, const rt::Interpreter::Outcome& outcome);

// Installs the SIGINT handler (signals.h) and makes Ctrl-C while code runs
// interrupt `in`.
void route_interrupts_to(rt::Interpreter& in);

// Runs `text` with Ctrl-C armed to interrupt it, and converts a C++
// exception escaping the engine (a bug, or memory exhaustion) into an error
// message instead of ending the process.
// `quiet`, when given and true once the run has ended, leaves the error
// unreported (the session is quitting: its own stop is no error to show).
Settled run_and_settle(rt::Interpreter& in, const std::string& name, std::string text,
                       rt::Interpreter::Mode mode, const std::function<bool()>& quiet = {});

// The same for input typed at a breakpoint() prompt, run inside the paused
// frame.
Settled run_in_frame_and_settle(rt::Interpreter& in, const std::string& name, std::string text, rt::Frame& frame);

}  // namespace backstep::repl
