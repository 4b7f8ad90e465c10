// Breakpoints are checked when they are set, so none can silently miss: a
// node type must be one libtorch (or the program's autograd.Functions) can
// make, a line must hold code in a file the program is, a condition must
// parse. What cannot be checked yet (no backward has run) is pending.
#pragma once

#include "engine/debug/breakpoints.h"

#include <string>

namespace backstep::debug {

class Debugger;

struct BreakpointCheck {
  std::string error;  // why it is refused ("" = accepted)
  std::string note;   // said when it is accepted ("pending: ...")
};

// Checks `b` against what the debugger knows (its program, the sources the
// session has run, libtorch's node types). A bare LINE becomes a line of
// the program when there is one. Marks `b` pending when it is set before
// any backward.
BreakpointCheck check_breakpoint(Debugger& d, Breakpoint& b);

// Parses, checks and adds a breakpoint: the error ("" when added) and the
// added breakpoint's number through `number`.
std::string set_breakpoint(Debugger& d, const std::string& spec, int* number, std::string* note);

}  // namespace backstep::debug
