// Ctrl-C handling for the shell and for batch runs.
//
// One SIGINT handler serves the whole process. What a Ctrl-C means depends
// on what the program is doing, so the handler reads a phase:
//   - Reading: the user is at a prompt; the pending input is abandoned (the
//     line reader sees its read() fail with EINTR and checks `take_pressed`).
//   - Running: script code runs; the interpreter is asked to raise
//     KeyboardInterrupt at its next check point.
// The handler only stores atomics and calls a function that stores an
// atomic (Interpreter::request_interrupt), which keeps it async-signal-safe.
// This header stays free of engine headers: the interrupt target is a plain
// function pointer plus context.
#pragma once

namespace backstep::repl::sigint {

enum class Phase { Reading, Running };

using InterruptFn = void (*)(void* context);

// Installs the handler (idempotent), from the thread that reads input and
// runs script code. It is installed without SA_RESTART on purpose: a
// blocking read() must return EINTR so that a prompt can be abandoned.
void install();

// What the handler calls while the phase is Running.
void set_target(InterruptFn fn, void* context);

void set_phase(Phase p);

// Whether Ctrl-C was pressed since the last call; clears the flag.
bool take_pressed();
// The same without clearing it.
bool pressed();

Phase phase();

// Sets a phase for a scope and restores the previous one, also when the
// code throws: RunningScope around script code, ReadingScope around a
// prompt nested inside running code (the debugger's pause).
class PhaseScope {
 public:
  explicit PhaseScope(Phase p) : saved_(phase()) { set_phase(p); }
  ~PhaseScope() { set_phase(saved_); }
  PhaseScope(const PhaseScope&) = delete;
  PhaseScope& operator=(const PhaseScope&) = delete;

 private:
  Phase saved_;
};

struct RunningScope : PhaseScope {
  RunningScope() : PhaseScope(Phase::Running) {}
};
struct ReadingScope : PhaseScope {
  ReadingScope() : PhaseScope(Phase::Reading) {}
};

}  // namespace backstep::repl::sigint
