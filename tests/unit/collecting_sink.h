// An output sink for tests that run an Interpreter: keeps everything the
// program printed, stdout and stderr together, in order.
#pragma once

#include "engine/runtime/interpreter.h"

#include <string>
#include <string_view>

namespace backstep::testing {

class CollectingSink : public rt::OutputSink {
 public:
  void out(std::string_view t) override { text += t; }
  void err(std::string_view t) override { text += t; }
  std::string text;
};

}  // namespace backstep::testing
