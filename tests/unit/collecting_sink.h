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

// Runs a program in a fresh interpreter (no torch); what it printed,
// with its traceback if it raised.
inline std::string run_program(const std::string& program) {
  CollectingSink sink;
  rt::Interpreter in(sink);
  auto outcome = in.run_source("<test>", program, rt::Interpreter::Mode::File);
  if (!outcome.ok()) in.report(outcome);
  return sink.text;
}

}  // namespace backstep::testing
