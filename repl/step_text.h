// Text about training steps for the debugger: the line a pause adds in a
// training loop, and :params (params_command.cpp).
#pragma once

#include "engine/debug/debugger.h"

#include <string>

namespace backstep::repl {

// "  step 41 (backward #42), loss 3.1e+12\n" once some optimizer has stepped
// (or the pause is a step breakpoint's); "" otherwise, so programs without
// an optimizer pause as they always did.
std::string step_line(rt::Interpreter& in, const debug::BackwardRun& run, const debug::Breakpoint* hit);

}  // namespace backstep::repl
