// Evaluating an expression typed at a debugger prompt (:p, :pp, :display,
// :watch) in a selected frame's own variables, as pdb evaluates in the
// selected frame: its locals and cells by name, its module's globals, and
// what the prompt assigned to it before (`!x = 5` then `:p x` shows 5).
#pragma once

#include "engine/runtime/interpreter.h"

#include <string>

namespace backstep::debug {

// Evaluates one expression in `frame` (a live frame of the paused program,
// or the variables a finished call left, see frames.h). Raises ScriptError,
// also for a syntax error (as SyntaxError).
rt::Value eval_in_frame(rt::Interpreter& in, const std::string& text, rt::Frame& frame,
                        const std::string& name = "<:p>");

}  // namespace backstep::debug
