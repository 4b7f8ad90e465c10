// The names a backward pause gives the prompt (`node`, `grad_outputs`,
// `grad_inputs`, `step`, `optimizer`), visible in every frame's evaluation.
//
// Note [Debugger names]: pdb's convenience variables are seen from whatever
// frame is selected and are no variable of the program. Ours live beside
// the builtins while the pause lasts: code typed in a frame of any module
// (after :up or :frame) and a breakpoint's condition find them, no module's
// globals change (`globals()` at the prompt does not list them, a function
// the program calls later cannot see them), and a variable of the program
// with the same name comes first, as it does over a builtin. The previous
// values come back when the scope ends (a pause inside code run at a pause
// nests).
#pragma once

#include "engine/runtime/interpreter.h"

#include <optional>
#include <string>
#include <vector>

namespace backstep::debug {

class ConvenienceNames {
 public:
  ConvenienceNames(rt::Interpreter& in, const std::vector<rt::Interpreter::Binding>& names);
  ~ConvenienceNames();
  ConvenienceNames(const ConvenienceNames&) = delete;
  ConvenienceNames& operator=(const ConvenienceNames&) = delete;

 private:
  rt::Interpreter& in_;
  std::vector<std::pair<std::string, std::optional<rt::Value>>> saved_;
};

}  // namespace backstep::debug
