#include "repl/prompt_eval.h"

#include "engine/debug/frame_eval.h"
#include "repl/shell.h"

namespace backstep::repl {

rt::Value eval_at_prompt(Shell& shell, const std::string& expr, const std::string& name) {
  rt::Interpreter& in = shell.interpreter();
  if (rt::Frame* f = shell.exec_frame()) return debug::eval_in_frame(in, expr, *f, name);
  return in.eval_expression(expr, name);
}

}  // namespace backstep::repl
