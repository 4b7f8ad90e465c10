// Stepping into a custom autograd.Function's backward (Note [Stepping
// through a custom Function's backward], engine/debug/forward.cpp): a UI
// that answers each pause from a script records where the pauses came,
// backward nodes and lines of the Function's backward alike.
#include "engine/api/install.h"
#include "engine/debug/debugger.h"
#include "engine/debug/forward.h"
#include "engine/runtime/interpreter.h"
#include "tests/unit/collecting_sink.h"

#include <doctest/doctest.h>

#include <deque>
#include <string>
#include <thread>
#include <vector>

// Its own namespace: the unity build puts the debug tests in one file.
namespace function_step {
namespace {

using backstep::rt::Interpreter;
namespace debug = backstep::debug;
using backstep::testing::CollectingSink;
using Kind = debug::Resume::Kind;

// Each pause is logged as "node NAME" or "line N" (with " in NODE" when the
// tracer knows the node whose script code is paused), and answered with the
// next resume of the script (then Continue).
class ScriptedUI : public debug::DebugUI {
 public:
  ScriptedUI(debug::Debugger& d, std::deque<Kind> answers) : d_(d), answers_(std::move(answers)) {}
  debug::Resume on_pause(debug::PauseEvent& e) override {
    const debug::NodeRecord& r = e.run->records[e.record];
    pauses.push_back("node " + e.run->name_of(r));
    threads.push_back(std::this_thread::get_id());
    return next();
  }
  debug::Resume on_forward_pause(debug::ForwardPause& p) override {
    std::string text = "line " + std::to_string(p.where.line);
    const auto& context = d_.forward().node_context();
    if (context.run) text += " in " + context.run->name_of(context.run->records[context.record]);
    pauses.push_back(text);
    threads.push_back(std::this_thread::get_id());
    return next();
  }
  void on_program_breakpoint(const backstep::lang::Span&) override {}
  void log(const std::string&) override {}

  std::vector<std::string> pauses;
  std::vector<std::thread::id> threads;

 private:
  debug::Resume next() {
    if (answers_.empty()) return {Kind::Continue, 1};
    Kind k = answers_.front();
    answers_.pop_front();
    return {k, 1};
  }
  debug::Debugger& d_;
  std::deque<Kind> answers_;
};

// Lines 6-8 are the Function's backward; line 12 runs the backward pass.
const char* kProgram =
    "import torch\n"                                         // 1
    "class Square(torch.autograd.Function):\n"               // 2
    "    @staticmethod\n"                                    // 3
    "    def forward(ctx, x): ctx.save_for_backward(x); return x * x\n"  // 4
    "    @staticmethod\n"                                    // 5
    "    def backward(ctx, g):\n"                            // 6
    "        x, = ctx.saved_tensors\n"                       // 7
    "        return 2 * x * g\n"                             // 8
    "w = torch.tensor([1.0, -2.0], requires_grad=True)\n"    // 9
    "s = Square.apply(w * 3)\n"                              // 10
    "loss = s.sum()\n"                                       // 11
    "loss.backward()\n"                                      // 12
    "done = w.grad.tolist()\n";                              // 13

std::vector<std::string> pauses_of(std::deque<Kind> answers, const char* breakpoint = "SquareBackward") {
  CollectingSink sink;
  Interpreter in(sink);
  backstep::api::install_torch(in);
  debug::Debugger& d = debug::debugger(in);
  ScriptedUI ui(d, std::move(answers));
  d.attach(&ui);
  debug::Breakpoint bp;
  bp.kind = debug::Breakpoint::Kind::NodeName;
  bp.name = breakpoint;
  d.add_breakpoint(bp);
  auto r = in.run_source("<test>", kProgram, Interpreter::Mode::File);
  if (!r.ok()) {
    in.report(r);
    FAIL("the script failed: " << sink.text);
  }
  for (const auto& id : ui.threads) CHECK(id == std::this_thread::get_id());  // every pause on the interpreter thread
  d.attach(nullptr);
  return ui.pauses;
}

using Pauses = std::vector<std::string>;

}  // namespace
}  // namespace function_step

using function_step::Kind;
using function_step::Pauses;
using function_step::pauses_of;

TEST_CASE(":step at a custom Function's node pauses at its backward's lines, then at the next node") {
  CHECK(pauses_of({Kind::Step, Kind::Step, Kind::Step}) ==
        Pauses{"node SquareBackward", "line 7 in SquareBackward", "line 8 in SquareBackward", "node MulBackward0"});
}

TEST_CASE(":next at a custom Function's node runs its backward through") {
  CHECK(pauses_of({Kind::Next, Kind::Next}) == Pauses{"node SquareBackward", "node MulBackward0", "node torch::autograd::AccumulateGrad"});
}

TEST_CASE(":finish in the backward pauses at the next node; :continue runs to the next breakpoint") {
  CHECK(pauses_of({Kind::Step, Kind::Finish}) ==
        Pauses{"node SquareBackward", "line 7 in SquareBackward", "node MulBackward0"});
  CHECK(pauses_of({Kind::Step, Kind::Continue}) == Pauses{"node SquareBackward", "line 7 in SquareBackward"});
}

TEST_CASE("a step at a node before the Function's does not enter it") {
  // From SumBackward0 :step pauses at SquareBackward first, as always.
  CHECK(pauses_of({Kind::Step, Kind::Step, Kind::Continue}, "SumBackward0") ==
        Pauses{"node SumBackward0", "node SquareBackward", "line 7 in SquareBackward"});
}
