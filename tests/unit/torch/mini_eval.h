// A tiny evaluator for the fixture expressions of calls.txt
// ("torch.sum(x, dim=0)", "F.relu(v, inplace=False)", "x.view(2, -1).shape"):
// literals, tuples, lists, names from a fixed environment of tensors, calls
// of torch.X / F.X / tensor methods through the operator bridge, and the
// few tensor attributes the fixtures read. It lets the tests run the exact
// expressions real PyTorch ran, without the interpreter.
#pragma once

#include "engine/runtime/object.h"

#include <map>
#include <string>

namespace backstep::test {

namespace rt = backstep::rt;

class MiniEval {
 public:
  explicit MiniEval(rt::Interpreter& in);
  // The result's repr, or "ExceptionName: message" when evaluation raised.
  std::string run(const std::string& expr);
  rt::Value eval(const std::string& expr);
  std::map<std::string, rt::Value> env;  // the fixture environment (make_fixtures.py's env())

 private:
  rt::Interpreter& in_;
};

// repr() for the values the fixtures print, as Python does.
std::string show(const rt::Value& v, rt::Interpreter& in);

// Reads a fixture file of ">>> expr" lines each followed by the expected text.
std::vector<std::pair<std::string, std::string>> read_cases(const std::string& path);

}  // namespace backstep::test
