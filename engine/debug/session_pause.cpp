// The pausing half of a watched backward: which breakpoint a node meets,
// and the hand-over to the interpreter thread while the engine waits
// between two nodes (see debugger.h for the threading model).
#include "engine/api/node_object.h"
#include "engine/api/training_steps.h"
#include "engine/autograd/script_function_node.h"
#include "engine/debug/convenience.h"
#include "engine/debug/forward.h"
#include "engine/debug/session.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::debug {

namespace ag = torch::autograd;

bool Session::condition_holds(const Breakpoint& bp, ag::Node& node, const ag::variable_list& grad_outputs,
                              const ag::variable_list* grad_inputs) {
  if (bp.condition.empty()) return true;
  rt::Interpreter& in = d_.interpreter();
  bool result = false;
  in.run_on_interpreter_thread([&] {
    ConvenienceNames bind(in, bindings(node, grad_outputs, grad_inputs));
    try {
      result = rt::truthy(in, in.eval_expression(bp.condition, "<breakpoint condition>"));
    } catch (const rt::ScriptError& e) {
      // A condition that fails pauses, so the user sees why.
      in.sink().err(fmt::format("breakpoint {} condition failed: {}\n", bp.number, e.what()));
      result = true;
    }
  });
  return result;
}

std::vector<rt::Interpreter::Binding> Session::bindings(ag::Node& node, const ag::variable_list& grad_outputs,
                                                        const ag::variable_list* grad_inputs) {
  auto tuple = [](const ag::variable_list& v) {
    std::vector<rt::Value> items;
    for (const auto& t : v) items.push_back(t.defined() ? rt::Value(t) : rt::Value());
    return rt::make_tuple(std::move(items));
  };
  std::vector<rt::Interpreter::Binding> b;
  b.push_back({"node", api::node_object(autograd::share_node(node))});
  b.push_back({"grad_outputs", tuple(grad_outputs)});
  b.push_back({"grad_inputs", grad_inputs ? tuple(*grad_inputs) : rt::Value()});
  // The training step, and the optimizer that stepped last (a program's
  // variables of those names come first: Note [Debugger names]).
  b.push_back({"step", rt::Value(static_cast<int64_t>(run_.step))});
  const rt::Value& optimizer = api::training_steps(d_.interpreter()).last_optimizer();
  if (!optimizer.is_none()) b.push_back({"optimizer", optimizer});
  return b;
}

void Session::maybe_pause_before(ag::Node& node, const ag::variable_list& grads) {
  if (finish_ || !d_.ui()) return;
  const Breakpoint* hit = nullptr;
  bool step = steps_left_ > 0 && --steps_left_ == 0;
  if (!step) {
    const NodeRecord& r = run_.records[current()];
    for (auto& bp : d_.breakpoints_) {
      if (bp.is_after_node() || !bp.enabled) continue;
      bool matched = bp.kind == Breakpoint::Kind::Module ? bp.matches_module(run_.module_of(r))
                     : bp.kind == Breakpoint::Kind::Step ? bp.step == run_.step && current() == 0
                                                         : bp.matches_node(run_.name_of(r), r.id, r.origin);
      if (!matched) continue;
      if (!condition_holds(bp, node, grads, nullptr)) continue;
      if (!bp.take_hit()) continue;
      hit = &bp;
      break;
    }
    if (!hit) return;
  }
  PauseEvent e;
  e.reason = hit ? PauseEvent::Reason::Breakpoint : PauseEvent::Reason::Step;
  e.breakpoint = hit;
  e.node = autograd::share_node(node);
  e.grad_outputs = grads;
  pause(e);
}

void Session::maybe_pause_after(const ag::variable_list& grad_inputs, const ag::variable_list& grad_outputs) {
  if (finish_ || !d_.ui()) return;
  const NodeRecord& r = run_.records[current()];
  auto any_of = [&](const Summary* s, uint32_t n, bool nan) {
    for (uint32_t i = 0; i < n; ++i)
      if (nan ? s[i].nan != 0 : s[i].inf != 0) return true;
    return false;
  };
  for (auto& bp : d_.breakpoints_) {
    if (!bp.is_after_node() || !bp.enabled) continue;
    bool nan = bp.kind == Breakpoint::Kind::Nan;
    // The origin: this node made NaN (or Inf) out of finite gradients.
    if (!any_of(run_.produced(r), r.out_count, nan) || any_of(run_.incoming(r), r.in_count, nan)) continue;
    c10::intrusive_ptr<ag::Node> live = d_.ids().node(r.id);
    ag::Node* node = live.get();
    if (!node || !condition_holds(bp, *node, grad_outputs, &grad_inputs)) continue;
    if (!bp.take_hit()) continue;
    PauseEvent e;
    e.reason = PauseEvent::Reason::NanInf;
    e.breakpoint = &bp;
    e.node = autograd::share_node(*node);
    e.grad_outputs = grad_outputs;
    e.grad_inputs = grad_inputs;
    e.after = true;
    pause(e);
    return;
  }
}

void Session::pause(PauseEvent& e) {
  post_log_batch();
  d_.flush_log();  // the log so far is on disk before the user looks
  e.run = &run_;
  e.record = current();
  rt::Interpreter& in = d_.interpreter();
  Resume resume;
  in.run_on_interpreter_thread([&] {
    // A step of the forward or of a custom Function's backward ends here
    // when this node comes first (Note [Stepping through a custom
    // Function's backward], forward.cpp).
    d_.forward().cancel_step();
    ConvenienceNames bind(in, bindings(*e.node, e.grad_outputs, e.after ? &e.grad_inputs : nullptr));
    prompting_ = true;
    try {
      resume = d_.ui()->on_pause(e);
    } catch (...) {
      prompting_ = false;
      throw;
    }
    prompting_ = false;
    // :step before a custom Function's node enters its backward (pdb's
    // step into a call) when that is the program's own code; the session's
    // one-node step stays the fallback. :next steps over it.
    const ag::Node& paused = *e.node;
    if (resume.kind == Resume::Kind::Step && resume.steps <= 1 && !e.after &&
        typeid(paused) == typeid(autograd::ScriptFunctionNode) &&
        static_cast<const autograd::ScriptFunctionNode&>(paused).program_backward)
      d_.forward().step_into_backward();
  });
  apply(resume);
}

void Session::apply(const Resume& r) {
  switch (r.kind) {
    case Resume::Kind::Step:
    case Resume::Kind::Next: steps_left_ = std::max(1, r.steps); break;
    case Resume::Kind::Continue: steps_left_ = 0; break;
    case Resume::Kind::Finish: finish_ = true; break;
    case Resume::Kind::Abort:
      abort_ = true;
      throw BackwardAborted();
  }
}

// On the interpreter thread: current_ is the node that started last (with
// device threads, the last of any thread's; see Note [device threads]).
void Session::post_mortem(const std::string& error) {
  if (current_ >= run_.records.size()) return;
  NodeRecord& r = run_.records[current_];
  if (r.state != NodeRecord::State::Running) return;
  r.state = NodeRecord::State::Failed;
  if (!d_.ui()) return;  // no one to show it to: the history still says which node failed
  PauseEvent e;
  e.reason = PauseEvent::Reason::Failure;
  e.run = &run_;
  e.record = current_;
  e.error = error;
  auto node = d_.ids().node(r.id);
  if (!node) return;
  e.node = node;
  e.grad_outputs = current_grads_;
  rt::Interpreter& in = d_.interpreter();
  ConvenienceNames bind(in, bindings(*node, e.grad_outputs, nullptr));
  post_log_batch();
  d_.flush_log();  // the log up to the failing node is on disk before the user looks
  d_.forward().cancel_step();
  prompting_ = true;  // the engine has stopped: code typed here is no node's
  Resume ignored = d_.ui()->on_pause(e);  // nothing to resume: the backward has failed
  (void)ignored;
  prompting_ = false;
}

void Session::mark_failed() {
  if (current_ < run_.records.size() && run_.records[current_].state == NodeRecord::State::Running)
    run_.records[current_].state = NodeRecord::State::Failed;
}

}  // namespace backstep::debug
