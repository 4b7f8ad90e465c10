#include "repl/outcome.h"

#include "engine/autograd/backward_interrupt.h"
#include "engine/debug/frames.h"
#include "engine/runtime/py_ops.h"
#include "repl/cli.h"
#include "repl/signals.h"

namespace backstep::repl {
namespace {

int system_exit_status(rt::Interpreter& in, const rt::ScriptError& e) {
  const auto& args = e.exception()->args;
  if (args.empty() || args[0].is_none()) return 0;
  if (args[0].is_int_like()) return static_cast<int>(args[0].to_int());
  in.sink().err(rt::str(in, args[0]) + "\n");
  return 1;
}

void interrupt_interpreter(void* interpreter) {
  // Called from the SIGINT handler: request_interrupt only stores an atomic,
  // interrupt_backwards bumps one and posts a semaphore.
  static_cast<rt::Interpreter*>(interpreter)->request_interrupt();
  autograd::interrupt_backwards();  // a long backward stops between nodes
}

}  // namespace

void route_interrupts_to(rt::Interpreter& in) {
  sigint::install();
  sigint::set_target(interrupt_interpreter, &in);
}

Settled settle(rt::Interpreter& in, const rt::Interpreter::Outcome& outcome) {
  Settled s;
  if (outcome.ok()) return s;
  if (outcome.error) {
    const rt::TypeObject& type = outcome.error->type();
    if (type.is_subtype_of(*rt::exc_types().system_exit)) {
      s.kind = Settled::Kind::Exit;
      s.status = system_exit_status(in, *outcome.error);
      return s;
    }
    if (type.is_subtype_of(*rt::exc_types().keyboard_interrupt)) s.kind = Settled::Kind::Interrupted;
  }
  if (s.kind == Settled::Kind::Ok) s.kind = Settled::Kind::Error;
  if (outcome.error) s.exception = outcome.error->exception();
  in.report(outcome);
  return s;
}

Settled run_and_settle(rt::Interpreter& in, const std::string& name, std::string text,
                       rt::Interpreter::Mode mode, const std::function<bool()>& quiet) {
  rt::Interpreter::Outcome outcome;
  in.clear_interrupt();  // a Ctrl-C pressed before this run is not for it
  try {
    sigint::RunningScope running;
    outcome = in.run_source(name, std::move(text), mode);
  } catch (const std::exception& e) {
    in.sink().err(std::string("backstep: internal error: ") + e.what() + "\n");
    return {Settled::Kind::Error, 1};
  }
  in.clear_interrupt();  // one that came too late to interrupt anything
  if (quiet && quiet() && !outcome.ok()) return {Settled::Kind::Error, 1};
  try {
    return settle(in, outcome);
  } catch (const std::exception& e) {
    in.sink().err(std::string("backstep: internal error while reporting: ") + e.what() + "\n");
    return {Settled::Kind::Error, 1};
  }
}

Settled run_in_frame_and_settle(rt::Interpreter& in, const std::string& name, std::string text, rt::Frame& frame) {
  rt::Interpreter::Outcome outcome;
  try {
    sigint::RunningScope running;
    // A comprehension or lambda typed there sees the frame's variables too
    // (Note [Frame variables in nested scopes] in engine/debug/frame_eval.cpp).
    std::unique_ptr<rt::Interpreter::BindingScope> visible;
    if (frame.scope) visible = std::make_unique<rt::Interpreter::BindingScope>(in, debug::nested_scope_bindings(in, frame));
    outcome = in.run_in_frame(name, std::move(text), frame);
  } catch (const std::exception& e) {
    in.sink().err(std::string("backstep: internal error: ") + e.what() + "\n");
    return {Settled::Kind::Error, 1};
  }
  return settle(in, outcome);
}

int exit_status_of(const Settled& s) {
  switch (s.kind) {
    case Settled::Kind::Ok: return kExitOk;
    case Settled::Kind::Error: return kExitScriptError;
    case Settled::Kind::Interrupted: return kExitInterrupted;
    case Settled::Kind::Exit: return s.status;
  }
  return kExitScriptError;
}

}  // namespace backstep::repl
