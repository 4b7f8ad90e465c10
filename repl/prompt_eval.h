// Expressions typed at a prompt (:p, :pp, :display, :nodes, :watch)
// evaluate where the prompt's statements run: in the selected frame's own
// variables at a pause (engine/debug/frame_eval.h), else at module level.
#pragma once

#include "engine/runtime/value.h"

#include <string>

namespace backstep::repl {

class Shell;

// Raises rt::ScriptError (a syntax error as SyntaxError).
rt::Value eval_at_prompt(Shell& shell, const std::string& expr, const std::string& name);

}  // namespace backstep::repl
