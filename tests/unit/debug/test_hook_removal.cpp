// A watched backward puts a pre-hook (and, for history, a post-hook) on
// every node and must take exactly those off again: the ones of nodes that
// ran come off as the next node starts, the rest when the backward ends,
// however it ends. The program's own hooks stay. These tests count every
// node's hooks before and after.
#include "engine/api/install.h"
#include "engine/debug/debugger.h"
#include "engine/runtime/interpreter.h"
#include "tests/unit/collecting_sink.h"

#include <doctest/doctest.h>
#include <torch/csrc/autograd/function.h>

#include <fstream>
#include <map>
#include <set>
#include <vector>

namespace {

using backstep::rt::Interpreter;
namespace debug = backstep::debug;
namespace ag = torch::autograd;

using backstep::testing::CollectingSink;

// Resumes at once; with `abort_at`, aborts at the pause with that number.
class ScriptedUI : public debug::DebugUI {
 public:
  explicit ScriptedUI(int abort_at = -1) : abort_at_(abort_at) {}
  debug::Resume on_pause(debug::PauseEvent&) override {
    ++pauses;
    if (pauses == abort_at_) return {debug::Resume::Kind::Abort, 1};
    return {debug::Resume::Kind::Step, 1};
  }
  void on_program_breakpoint(const backstep::lang::Span&) override {}
  void log(const std::string&) override {}
  int pauses = 0;

 private:
  int abort_at_;
};

// Hook counts (pre, post) of every node reachable from `root`.
std::map<const ag::Node*, std::pair<size_t, size_t>> hook_counts(const c10::intrusive_ptr<ag::Node>& root) {
  std::map<const ag::Node*, std::pair<size_t, size_t>> counts;
  std::vector<ag::Node*> stack{root.get()};
  while (!stack.empty()) {
    ag::Node* n = stack.back();
    stack.pop_back();
    if (!n || counts.count(n)) continue;
    counts[n] = {n->pre_hooks().size(), n->post_hooks().size()};
    for (const auto& e : n->next_edges()) stack.push_back(e.function.get());
  }
  return counts;
}

struct Fixture {
  CollectingSink sink;
  Interpreter in{sink};
  bool torch_installed = (backstep::api::install_torch(in), true);
  debug::Debugger& d = debug::debugger(in);

  // Runs code; returns whether it raised (the message is in sink.text).
  bool run(const std::string& code) {
    auto r = in.run_source("<test>", code, Interpreter::Mode::File);
    if (!r.ok()) in.report(r);
    return r.ok();
  }
  c10::intrusive_ptr<ag::Node> root(const char* name) { return in.global(name)->as_tensor().grad_fn(); }
};

const char* kGraph =
    "import torch\n"
    "x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)\n"
    "w = torch.tensor([2.0, 3.0, 4.0], requires_grad=True)\n"
    "y = (x * w).sin()\n"
    "z = (y * y).exp() + y.cos()\n"
    "z.grad_fn.register_prehook(lambda g: None)\n"  // the program's own hooks stay
    "y.grad_fn.register_hook(lambda gi, go: None)\n"
    "loss = z.sum()\n";

}  // namespace

TEST_CASE("a watched backward leaves every node with the hooks it had, however the backward ends") {
  Fixture f;
  ScriptedUI stepping;
  ScriptedUI aborting(/*abort_at=*/3);

  SUBCASE("logging only, finished") { f.d.log_to_file("/tmp/backstep_test_hooks.log", nullptr); }
  SUBCASE("debugger attached, stepping through every node") {
    f.d.attach(&stepping);
    f.d.step_into_next_backward();
  }
  SUBCASE("aborted at the third node") {
    f.d.attach(&aborting);
    f.d.step_into_next_backward();
  }
  SUBCASE("history kept, no UI") { f.d.keep_watching(true); }

  REQUIRE(f.run(kGraph));
  auto before = hook_counts(f.root("loss"));
  REQUIRE(before.size() >= 8);
  bool ok = f.run("loss.backward(retain_graph=True)\n");
  CHECK(ok == (aborting.pauses == 0));
  if (!ok) CHECK(f.sink.text.find("backward aborted") != std::string::npos);
  CHECK(hook_counts(f.root("loss")) == before);
  // And the graph still runs as a plain backward afterwards.
  f.d.attach(nullptr);
  f.d.stop_logging();
  f.d.keep_watching(false);
  CHECK(f.run("x.grad = None\nloss.backward()\nassert x.grad is not None\n"));
}

TEST_CASE("hooks come off when a script hook raises mid-backward, and when only some nodes run") {
  Fixture f;
  f.d.keep_watching(true);
  // (A tensor hook is a pre-hook of its grad_fn in 1.13, which stays on the
  // node after the hook is removed: register it before counting.)
  REQUIRE(f.run(kGraph + std::string("fail = [False]\n"
                                     "def maybe_fail(g):\n"
                                     "    if fail[0]:\n"
                                     "        1 / 0\n"
                                     "y.register_hook(maybe_fail)\n")));
  auto before = hook_counts(f.root("loss"));

  SUBCASE("an error in a hook") {
    CHECK_FALSE(f.run("fail[0] = True\nloss.backward(retain_graph=True)\n"));
    CHECK(f.sink.text.find("ZeroDivisionError") != std::string::npos);
  }
  SUBCASE("autograd.grad with respect to y only") {
    CHECK(f.run("g, = torch.autograd.grad(loss, [y], retain_graph=True)\n"));
  }
  CHECK(hook_counts(f.root("loss")) == before);
}

TEST_CASE("a backward started from a hook inside a watched backward leaves no hooks behind") {
  Fixture f;
  f.d.keep_watching(true);
  REQUIRE(f.run(kGraph +
                std::string("inner = (w * 2).sum()\n"
                            "def start_inner(g):\n"
                            "    inner.backward(retain_graph=True)\n"
                            "    return g\n"
                            "h = y.register_hook(start_inner)\n")));
  auto outer_before = hook_counts(f.root("loss"));
  auto inner_before = hook_counts(f.root("inner"));
  REQUIRE(f.run("loss.backward(retain_graph=True)\n"));
  CHECK(f.d.runs().size() == 2);  // the outer backward and the one inside it
  CHECK(hook_counts(f.root("inner")) == inner_before);
  CHECK(hook_counts(f.root("loss")) == outer_before);
}

TEST_CASE("older backwards let go of their node history beyond the budget; traces keep every one") {
  Fixture f;
  ScriptedUI ui;  // a shell: never paused here, but :history could be asked for
  f.d.attach(&ui);
  f.d.set_history_budget(1);  // anything but the newest run is over it
  REQUIRE(f.run(kGraph));
  for (int i = 0; i < 4; ++i) REQUIRE(f.run("loss.backward(retain_graph=True)\n"));
  const auto& runs = f.d.runs();
  REQUIRE(runs.size() == 4);
  for (size_t i = 0; i + 2 < runs.size(); ++i) {
    CHECK(runs[i]->history_dropped);
    CHECK(runs[i]->records.capacity() == 0);
    CHECK(runs[i]->outcome == debug::BackwardRun::Outcome::Finished);  // the run itself is still listed
  }
  CHECK_FALSE(runs.back()->history_dropped);
  CHECK(runs.back()->records.size() == runs.back()->expected);

  f.d.keep_watching(true);
  for (int i = 0; i < 3; ++i) REQUIRE(f.run("loss.backward(retain_graph=True)\n"));
  for (size_t i = 3; i < runs.size(); ++i) CHECK_FALSE(runs[i]->history_dropped);
}

TEST_CASE("logging alone keeps no history, and still logs every node") {
  Fixture f;
  std::string log = "/tmp/backstep_test_history_log.txt";
  f.d.log_to_file(log, nullptr);
  REQUIRE(f.run(kGraph));
  REQUIRE(f.run("loss.backward()\n"));
  f.d.stop_logging();
  const auto& run = *f.d.runs().back();
  CHECK(run.records.empty());
  CHECK(run.history_dropped);
  CHECK(run.outcome == debug::BackwardRun::Outcome::Finished);
  std::ifstream in(log);
  std::string line;
  size_t lines = 0;
  while (std::getline(in, line)) lines += line.rfind("Executing: ", 0) == 0;
  CHECK(lines == run.expected);
}

// A graph bigger than the session walks up front is walked on another
// thread while the engine counts dependencies; the roots' hooks wait for
// that walk. Whichever thread walks, every node must be hooked before it
// runs, get its id in breadth-first order from the root, and lose its hooks.
TEST_CASE("a big graph walked alongside the engine: every node watched, ids in walk order, hooks gone") {
  Fixture f;
  ScriptedUI never_pauses;
  std::string log = "/tmp/backstep_test_big_walk.log";
  bool with_ui = false;
  SUBCASE("logging only: the walk's remainder runs on a worker") { f.d.log_to_file(log, nullptr); }
  SUBCASE("debugger attached: the interpreter thread walks") {
    with_ui = true;
    f.d.attach(&never_pauses);
  }
  // Two branches joined at every step, so breadth-first order differs
  // from the order the engine runs the nodes in.
  REQUIRE(f.run("import torch\nx = torch.ones(3, requires_grad=True)\nh = x\n"
                "for i in range(2500):\n    h = h.sin() + h.cos()\nloss = h.sum()\n"));
  auto before = hook_counts(f.root("loss"));
  REQUIRE(before.size() > 5000);
  REQUIRE(f.run("loss.backward(retain_graph=True)\n"));
  f.d.stop_logging();
  const auto& run = *f.d.runs().back();
  CHECK(run.expected == before.size());
  CHECK(hook_counts(f.root("loss")) == before);

  // Ids: increasing in breadth-first order from the root.
  std::vector<ag::Node*> order{f.root("loss").get()};
  std::set<ag::Node*> seen{order[0]};
  for (size_t i = 0; i < order.size(); ++i)
    for (const auto& e : order[i]->next_edges())
      if (e.function && seen.insert(e.function.get()).second) order.push_back(e.function.get());
  int last = -1;
  bool increasing = true;
  for (ag::Node* n : order) {
    auto id = f.d.ids().find(*n);
    increasing = increasing && id && *id > last;
    if (id) last = *id;
  }
  CHECK(increasing);

  if (with_ui) {
    CHECK(run.records.size() == before.size());
  } else {
    std::ifstream in(log);
    std::string line;
    std::set<std::string> ids_logged;
    while (std::getline(in, line))
      if (line.rfind("Executing: ", 0) == 0) ids_logged.insert(line.substr(line.find('#')));
    CHECK(ids_logged.size() == before.size());
  }
}

TEST_CASE("a program hook on the root of a big graph starts a backward over the same nodes while the walk runs") {
  Fixture f;
  f.d.log_to_file("/tmp/backstep_test_gated_walk.log", nullptr);
  REQUIRE(f.run("import torch\nx = torch.ones(3, requires_grad=True)\nh = x\n"
                "for i in range(2500):\n    h = h.sin() + h.cos()\nloss = h.sum()\n"
                "h.sum().backward(retain_graph=True)\nonce = x.grad.clone()\nx.grad = None\n"));
  auto before = hook_counts(f.root("loss"));
  REQUIRE(f.run("def again(g):\n    with torch.enable_grad():\n        h.sum().backward(retain_graph=True)\n"
                "loss.grad_fn.register_prehook(again)\n"));
  auto with_program_hook = hook_counts(f.root("loss"));
  REQUIRE(f.run("loss.backward(retain_graph=True)\n"));
  f.d.stop_logging();
  CHECK(hook_counts(f.root("loss")) == with_program_hook);
  // Both backwards ran whole: the inner one's gradient and the outer one's.
  CHECK(f.run("assert torch.allclose(x.grad, 2 * once), (x.grad, once)\n"));
  CHECK(f.d.runs().size() >= 2);
  (void)before;
}
