// With a debugger UI attached, a backward runs on a worker thread so that
// it can stop between nodes while the interpreter thread runs the prompt.
// Script code must still run only on the interpreter thread: tensor hooks,
// node hooks, saved-tensor pack/unpack hooks and breakpoint conditions are
// posted there. These tests watch the thread each piece of code runs on.
#include "engine/api/install.h"
#include "engine/debug/debugger.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "tests/unit/collecting_sink.h"

#include <doctest/doctest.h>
#include <torch/csrc/autograd/function_hook.h>

#include <mutex>
#include <thread>
#include <vector>

namespace {

using backstep::rt::Interpreter;
namespace debug = backstep::debug;

using backstep::testing::CollectingSink;

// Records the threads it is called on.
struct ThreadLog {
  std::mutex mutex;
  std::vector<std::thread::id> ids;
  void add() {
    std::lock_guard<std::mutex> lock(mutex);
    ids.push_back(std::this_thread::get_id());
  }
};

// A UI that resumes at once, remembering where it was called.
class ContinueUI : public debug::DebugUI {
 public:
  explicit ContinueUI(ThreadLog& log) : log_(log) {}
  debug::Resume on_pause(debug::PauseEvent&) override {
    log_.add();
    ++pauses;
    return {debug::Resume::Kind::Continue, 1};
  }
  void on_program_breakpoint(const backstep::lang::Span&) override {}
  void log(const std::string&) override {}
  int pauses = 0;

 private:
  ThreadLog& log_;
};

// A C++ pre-hook runs wherever the engine runs the node.
class EngineThreadHook : public torch::autograd::FunctionPreHook {
 public:
  explicit EngineThreadHook(ThreadLog& log) : log_(log) {}
  torch::autograd::variable_list operator()(const torch::autograd::variable_list& grads) override {
    log_.add();
    return grads;
  }

 private:
  ThreadLog& log_;
};

void run(Interpreter& in, CollectingSink& sink, const std::string& code) {
  auto r = in.run_source("<test>", code, Interpreter::Mode::File);
  if (!r.ok()) {
    in.report(r);
    FAIL("the script failed: " << sink.text);
  }
}

}  // namespace

TEST_CASE("script hooks and conditions run on the interpreter thread while the backward runs on a worker") {
  CollectingSink sink;
  Interpreter in(sink);
  backstep::api::install_torch(in);
  ThreadLog script_threads, engine_threads, ui_threads;
  in.set_builtin("probe", backstep::rt::make_builtin("probe", [&](Interpreter&, backstep::rt::Args&) {
                   script_threads.add();
                   return backstep::rt::Value(true);
                 }));
  debug::Debugger& d = debug::debugger(in);
  ContinueUI ui(ui_threads);
  d.attach(&ui);
  debug::Breakpoint bp;
  bp.kind = debug::Breakpoint::Kind::NodeName;
  bp.name = "SinBackward0";
  bp.condition = "probe()";
  d.add_breakpoint(bp);

  run(in, sink,
      "import torch\n"
      "def pack(t):\n"
      "    probe()\n"
      "    return t\n"
      "def unpack(t):\n"
      "    probe()\n"
      "    return t\n"
      "x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)\n"
      "with torch.autograd.graph.saved_tensors_hooks(pack, unpack):\n"
      "    y = (x * 3).sin()\n"
      "y.register_hook(lambda g: probe() and g * 1)\n"
      "y.grad_fn.register_hook(lambda gi, go: probe() and None)\n"
      "loss = y.sum()\n");
  size_t packed = script_threads.ids.size();
  CHECK(packed >= 1);  // pack ran in the forward, on this thread
  auto y = in.global("y")->as_tensor();
  y.grad_fn()->add_pre_hook(std::make_unique<EngineThreadHook>(engine_threads));

  run(in, sink, "loss.backward()\nprint(x.grad)\n");

  const auto me = std::this_thread::get_id();
  REQUIRE(engine_threads.ids.size() == 1);
  CHECK(engine_threads.ids[0] != me);  // the engine really ran elsewhere
  // tensor hook, node hook, unpack (SinBackward0 and MulBackward0), condition
  CHECK(script_threads.ids.size() >= packed + 4);
  for (const auto& id : script_threads.ids) CHECK(id == me);
  CHECK(ui.pauses == 1);
  for (const auto& id : ui_threads.ids) CHECK(id == me);
  CHECK(sink.text.find("tensor([") != std::string::npos);
}
