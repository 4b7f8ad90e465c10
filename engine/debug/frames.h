// The stacks a debugger prompt moves through with :bt, :up and :down: the
// running forward's frames, the frames an uncaught exception left
// (post-mortem), and the calls that created a backward node. Each frame
// says where it is and, when its variables are known, a frame to evaluate
// the prompt's input in.
#pragma once

#include "engine/autograd/origin.h"
#include "engine/runtime/interpreter.h"

#include <memory>
#include <string>
#include <vector>

namespace backstep::debug {

// A copy of a frame's variables (locals, cells, globals), made while the
// frame still exists, to evaluate in after it is gone. Assigning to its
// locals changes the copy only.
std::shared_ptr<rt::Frame> snapshot_frame(const rt::Frame& f);

// The snapshot a returned call leaves on its record for :up at a backward
// pause (Note [A returned frame holds its tensors weakly], frames.cpp).
std::shared_ptr<const void> snapshot_returned_frame(const rt::Frame& f);

struct StackFrame {
  lang::Span span;        // the line this frame is at
  std::string function;   // "<module>", "layer"
  rt::Frame* frame = nullptr;          // where input evaluates (null: its variables were not kept)
  std::shared_ptr<rt::Frame> keep;     // owns `frame` when it is a snapshot
};

// The running frames, innermost first.
std::vector<StackFrame> live_stack(rt::Interpreter& in);

// The calls that created a node, innermost first: the creating line, then
// each caller's line. A call still running is evaluated in its live frame;
// one that returned, in the variables it left (kept while a debugger is
// attached, see ForwardTracer::on_return), else not at all.
std::vector<StackFrame> creating_stack(rt::Interpreter& in, const autograd::Origin& origin);

// The variables of a frame as name -> value, for conditions evaluated in it.
std::vector<rt::Interpreter::Binding> frame_bindings(const rt::Frame& f);

// Those of its variables no global of the running module already names:
// bound as globals while prompt input runs in the frame, so a comprehension
// or lambda typed there sees them (Note [Frame variables in nested scopes],
// frame_eval.cpp) without hiding a global a called function reads.
std::vector<rt::Interpreter::Binding> nested_scope_bindings(rt::Interpreter& in, const rt::Frame& f);

}  // namespace backstep::debug
