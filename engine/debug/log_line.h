// The logging pre-hook's line for one node: PyTorch's text with backstep's
// node id and source line added,
//   Executing: MulBackward0 #4 prog.py:12 with grad_outputs: [f32[3, 4],None]
// It is made for every node of a logged backward, where it was most of
// what logging cost, so the parts that repeat are made once and copied
// after: a node type's prefix, a file's name, and the text of the gradients
// (a chain of nodes passes the same dtype and shape from one to the next).
#pragma once

#include <optional>

#include "engine/debug/summary.h"
#include "engine/lang/source.h"

#include <cstdint>
#include <string>
#include <vector>

namespace backstep::debug {

// " step 3 loss 0.5213" (the loss as the debugger's pauses show it, 4
// significant digits; left out when the backward's root is not one value).
std::string step_text(uint64_t step, const std::optional<double>& loss);

class LogLineWriter {
 public:
  // Appends the line and a newline to `out`. `name_index` is the
  // node name's index in the backward's interned names (see BackwardRun).
  void append(std::string& out, uint16_t name_index, const std::string& name, int id, const lang::Span& origin,
              const Summary* grads, uint32_t count);
  // In a training loop every line names the backward's step and loss,
  // after the creating line: "... prog.py:12 step 3 loss 0.5213 with ...".
  void set_step_text(std::string text) { step_text_ = std::move(text); }

 private:
  const std::string& prefix(uint16_t name_index, const std::string& name);
  const std::string& file_part(const lang::Span& origin);
  const std::string& grads_text(const Summary* grads, uint32_t count);

  std::vector<std::string> prefixes_;    // by name index: "Executing: MulBackward0 #"
  std::vector<std::string> file_parts_;  // by SourceRegistry index: " prog.py:"
  std::vector<Summary> last_grads_;      // what last_grads_text_ was made from
  std::string last_grads_text_;          // "f32[3, 4],None"
  bool have_last_grads_ = false;
  std::vector<char> line_;  // where a line is put together
  std::string step_text_;   // " step 3 loss 0.5213", or "" outside training loops
};

}  // namespace backstep::debug
