// Shared test set-up: an interpreter, and the fixture environment of
// make_fixtures.py (the same tensors under the same names).
#pragma once

#include "mini_eval.h"

#include "engine/runtime/interpreter.h"

#include <string>

namespace backstep::test {

std::string fixture_path(const std::string& name);

class NullSink : public rt::OutputSink {
 public:
  void out(std::string_view) override {}
  void err(std::string_view) override {}
};

// One interpreter for the whole test binary.
rt::Interpreter& interpreter();

// A MiniEval over make_fixtures.py's env().
MiniEval make_eval();

}  // namespace backstep::test
