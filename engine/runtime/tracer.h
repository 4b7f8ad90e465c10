// The debugger's view of the forward pass: a narrow hook the interpreter
// calls at a few points, as CPython's sys.settrace. The interpreter core
// knows only this interface; engine/debug implements it.
//
// Note [Tracer cost]: with no tracer installed (every `run`, every batch
// job) the interpreter pays one test of a bool per statement
// (trace_lines_, next to the interrupt check it already makes) and one
// test of a pointer per script call that returns or unwinds. The line hook
// is switched on only while something needs it (a line breakpoint, a
// forward step), so a debugger that is attached but idle costs the same.
// Measured with bench/language_bench.py's programs, best of 5, this build
// against the one before the hooks, interleaved on a loaded 2-core machine:
// new/old 0.98 (dunder_call), 0.89 (generator_loop), 0.84 (method_calls),
// 1.04 (properties_and_dunders), 1.07 (small_int_arith); geometric mean
// 0.96, i.e. within the noise of the machine.
#pragma once

namespace backstep::lang {
struct Stmt;
}

namespace backstep::rt {

class Interpreter;
class ScriptError;
struct Frame;

class Tracer {
 public:
  virtual ~Tracer() = default;
  // Before each statement runs, while Interpreter::trace_lines(true).
  virtual void on_line(Interpreter& in, Frame& frame, const lang::Stmt& statement) = 0;
  // An exception leaves `frame` (its locals are still there).
  virtual void on_unwind(Interpreter& in, Frame& frame, const ScriptError& error) noexcept = 0;
  // A script function's frame returns normally (its locals are still there).
  virtual void on_return(Interpreter& in, Frame& frame) noexcept = 0;
  // Interpreter::request_pause() arrived (Ctrl-C under a debugger): true
  // when the tracer paused there and the program goes on; false raises
  // KeyboardInterrupt as without a tracer.
  virtual bool on_pause_request(Interpreter& in) = 0;
};

}  // namespace backstep::rt
