// One watched backward: hooks on every node of its graph, the history they
// record, and the pause protocol between the engine's thread and the
// interpreter's (see debugger.h for the threading model).
#include "engine/debug/session.h"

#include "engine/api/node_object.h"
#include "engine/autograd/node_metadata.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>
#include <torch/csrc/autograd/function_hook.h>

#include <atomic>
#include <charconv>
#include <unordered_set>

namespace backstep::debug {

namespace ag = torch::autograd;

namespace {

// The session whose engine.execute this thread is running. A node can carry
// hooks of two sessions at once (a backward started from a hook, over an
// overlapping graph); each hook acts only for the backward running it.
thread_local Session* tls_session = nullptr;

// Sessions alive on any thread: a session started while another runs (a
// backward from inside a hook) may run nodes whose hook lists an outer
// engine call is still iterating, so it must not edit them early.
std::atomic<int> g_live_sessions{0};

class PreHook : public ag::FunctionPreHook, public autograd::InternalHook {
 public:
  PreHook(Session& s, ag::Node& n, size_t index) : s_(s), n_(n), index_(index) {}
  ag::variable_list operator()(const ag::variable_list& grads) override {
    return tls_session == &s_ ? s_.before(n_, index_, grads) : grads;
  }

 private:
  Session& s_;
  ag::Node& n_;
  size_t index_;  // the node's place in the session's watch list
};

const autograd::Origin& no_origin() {
  static const autograd::Origin none;
  return none;
}

class PostHook : public ag::FunctionPostHook, public autograd::InternalHook {
 public:
  explicit PostHook(Session& s) : s_(s) {}
  ag::variable_list operator()(const ag::variable_list& grad_inputs, const ag::variable_list& grad_outputs) override {
    return tls_session == &s_ ? s_.after(grad_inputs, grad_outputs) : grad_inputs;
  }

 private:
  Session& s_;
};

}  // namespace

ExecutionScope::ExecutionScope(Session* s) : saved_(tls_session) { tls_session = s; }
ExecutionScope::~ExecutionScope() { tls_session = saved_; }

Session::Session(Debugger& d, BackwardRun& run, const ag::edge_list& roots, bool produced)
    : d_(d), run_(run), eager_removal_(g_live_sessions.fetch_add(1) == 0) {
  // Breadth-first from the roots; seen nodes are stamped in their metadata
  // (the graph can have millions of nodes: no hash set), get their ids as
  // they are first seen (so ids go out in BFS order from the roots), and get
  // their hooks while the walk has them in cache.
  // Raw pointers: the caller's root edges keep the whole graph alive until
  // run() returns, and copying 100k shared_ptrs (twice: in and out) is a
  // measurable part of a watched backward.
  uint64_t stamp = autograd::new_visit_stamp();
  std::unordered_set<ag::Node*> foreign;  // nodes without backstep metadata (rare)
  autograd::NodeIds& ids = d_.ids();
  auto visit = [&](ag::Node* n) {
    auto* md = autograd::metadata_of(*n);
    if (md) {
      if (md->visit_stamp == stamp) return;
      md->visit_stamp = stamp;
      if (md->id < 0) ids.id_of(*n, md);
    } else {
      if (!foreign.insert(n).second) return;
      ids.id_of(*n);
    }
    watched_.push_back({n, md});
  };
  for (const auto& r : roots)
    if (r.function) visit(r.function.get());
  for (size_t i = 0; i < watched_.size(); ++i) {
    ag::Node* n = watched_[i].node;
    install_hooks(i, produced);
    for (const auto& e : n->next_edges())
      if (e.function) visit(e.function.get());
  }
  for (const auto& r : roots)
    if (r.function) run_.roots.push_back(ids.id_of(*r.function));
  const api::BackwardTask* task = api::current_backward_task(d_.interpreter());
  if (!task || task->outputs.empty()) {
    run_.expected = watched_.size();  // a plain backward runs every reachable node
  } else {
    for (const auto& w : watched_) run_.expected += task->will_execute(w.node);
  }
  // Without a UI or a trace to read it (logging alone), no history is kept:
  // each node's record lives just long enough to make its log line.
  keep_history_ = produced;
  run_.history_dropped = !keep_history_;
  if (keep_history_) {
    run_.records.reserve(run_.expected);
    run_.summaries.reserve(run_.expected * 3);
  }
}

Session::~Session() {
  remove_hooks();
  g_live_sessions.fetch_sub(1);
}

void Session::install_hooks(size_t index, bool produced) {
  Watched& w = watched_[index];
  auto pre = std::make_unique<PreHook>(*this, *w.node, index);
  w.pre = pre.get();
  w.node->add_pre_hook(std::move(pre));
  // Post-hooks record what each node produced (history, :break nan,
  // traces); logging alone does without them.
  if (produced) w.post = w.node->add_post_hook(std::make_unique<PostHook>(*this));
}

// Removes exactly our hooks: the same vectors hold the script's own hooks
// and libtorch's (retain_grad), so never clear them.
void Session::remove_hooks_of(Watched& w) {
  if (w.pre) {
    auto& hooks = w.node->pre_hooks();
    for (auto it = hooks.begin(); it != hooks.end(); ++it)
      if (it->get() == w.pre) {
        hooks.erase(it);
        break;
      }
    w.pre = nullptr;
  }
  if (w.post) {
    w.node->del_post_hook(w.post);
    w.post = 0;
  }
}

void Session::remove_hooks() {
  for (auto& w : watched_) remove_hooks_of(w);
}

void Session::start_stepping(int steps) { steps_left_ = steps; }

void Session::append_summaries(const ag::variable_list& grads, uint32_t& first, uint32_t& count) {
  first = static_cast<uint32_t>(run_.summaries.size());
  count = static_cast<uint32_t>(grads.size());
  for (const auto& g : grads) run_.summaries.push_back(keep_history_ ? summarize(g) : describe(g));  // a log line needs no statistics
}

ag::variable_list Session::before(ag::Node& node, size_t index, const ag::variable_list& grads) {
  // The node that ran before this one is finished with its hooks (the CPU
  // engine runs one node at a time per thread, pre-hooks, apply, post-hooks),
  // so its hooks come off now, while it is still in cache: taking 100k
  // nodes' hooks off after the backward cost a third of watching it.
  if (eager_removal_ && previous_ < watched_.size()) remove_hooks_of(watched_[previous_]);
  previous_ = index;
  rt::Interpreter& in = d_.interpreter();
  in.check_interrupt();  // Ctrl-C during a backward: KeyboardInterrupt at its call site
  if (abort_) throw BackwardAborted();
  NodeRecord r;
  autograd::NodeMetadata* md = watched_[index].metadata;
  r.id = d_.ids().id_of(node, md);
  auto known = names_by_type_.find(&typeid(node));
  if (known == names_by_type_.end()) known = names_by_type_.emplace(&typeid(node), run_.intern(node.name())).first;
  r.name_index = known->second;
  if (md) {
    const autograd::Origin& origin = md->origin();
    r.origin = origin.span;
    // Recorded now: by the time a trace is written the node may be gone.
    if (const autograd::CallRecord* call = origin.call.get()) {
      auto fn = functions_by_call_.find(call);
      if (fn == functions_by_call_.end()) fn = functions_by_call_.emplace(call, run_.intern(call->function)).first;
      r.function_index = fn->second;
    }
  }
  append_summaries(grads, r.in_first, r.in_count);
  current_ = run_.records.size();
  if (d_.ui()) current_grads_ = grads;  // for a post-mortem
  run_.records.push_back(r);
  if (d_.logging()) {
    log_line_.clear();
    append_log_line(log_line_, run_.records.back());
    d_.write_log(log_line_);
  }
  if (!keep_history_) {
    run_.summaries.resize(run_.records.back().in_first);
    run_.records.pop_back();
    current_ = SIZE_MAX;
    return grads;  // no UI: nothing can pause
  }
  maybe_pause_before(node, md, grads);
  started_ = std::chrono::steady_clock::now();
  return grads;
}

ag::variable_list Session::after(const ag::variable_list& grad_inputs, const ag::variable_list& grad_outputs) {
  if (current_ >= run_.records.size()) return grad_inputs;
  float us = std::chrono::duration<float, std::micro>(std::chrono::steady_clock::now() - started_).count();
  {
    NodeRecord& r = run_.records[current_];
    append_summaries(grad_inputs, r.out_first, r.out_count);
    r.time_us = us;
    r.state = NodeRecord::State::Done;
  }
  maybe_pause_after(grad_inputs, grad_outputs);
  return grad_inputs;
}

// Built with appends rather than fmt: it runs for every node of a logged
// backward, and formatting was most of what logging cost.
void Session::append_log_line(std::string& line, const NodeRecord& r) {
  line += "Executing: ";
  line += run_.name_of(r);
  char digits[16];
  line += " #";
  line.append(digits, static_cast<size_t>(std::to_chars(digits, digits + 16, r.id).ptr - digits));
  if (r.origin.valid()) {
    auto it = file_names_.find(r.origin.file);
    if (it == file_names_.end()) it = file_names_.emplace(r.origin.file, lang::file_name_of(r.origin)).first;
    line += ' ';
    line += it->second;
    line += ':';
    line.append(digits, static_cast<size_t>(std::to_chars(digits, digits + 16, r.origin.line).ptr - digits));
  }
  line += " with grad_outputs: [";
  for (uint32_t i = 0; i < r.in_count; ++i) {
    if (i) line += ',';
    append_short_text(line, run_.incoming(r)[i]);
  }
  line += ']';
}

bool Session::condition_holds(const Breakpoint& bp, ag::Node& node, const ag::variable_list& grad_outputs,
                              const ag::variable_list* grad_inputs) {
  if (bp.condition.empty()) return true;
  rt::Interpreter& in = d_.interpreter();
  bool result = false;
  in.run_on_interpreter_thread([&] {
    rt::Interpreter::BindingScope bind(in, bindings(node, grad_outputs, grad_inputs));
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
  b.push_back({"node", api::node_object(node.shared_from_this())});
  b.push_back({"grad_outputs", tuple(grad_outputs)});
  b.push_back({"grad_inputs", grad_inputs ? tuple(*grad_inputs) : rt::Value()});
  return b;
}

void Session::maybe_pause_before(ag::Node& node, const autograd::NodeMetadata* md, const ag::variable_list& grads) {
  if (finish_ || !d_.ui()) return;
  const Breakpoint* hit = nullptr;
  bool step = steps_left_ > 0 && --steps_left_ == 0;
  if (!step) {
    const NodeRecord& r = run_.records[current_];
    const autograd::Origin& origin = md ? md->origin() : no_origin();
    for (auto& bp : d_.breakpoints_) {
      if (bp.is_after_node() || !bp.matches_node(run_.name_of(r), r.id, origin)) continue;
      if (!condition_holds(bp, node, grads, nullptr)) continue;
      ++bp.hits;
      hit = &bp;
      break;
    }
    if (!hit) return;
  }
  PauseEvent e;
  e.reason = hit ? PauseEvent::Reason::Breakpoint : PauseEvent::Reason::Step;
  e.breakpoint = hit;
  e.node = node.shared_from_this();
  e.grad_outputs = grads;
  pause(e);
}

void Session::maybe_pause_after(const ag::variable_list& grad_inputs, const ag::variable_list& grad_outputs) {
  if (finish_ || !d_.ui()) return;
  const NodeRecord& r = run_.records[current_];
  auto any_of = [&](const Summary* s, uint32_t n, bool nan) {
    for (uint32_t i = 0; i < n; ++i)
      if (nan ? s[i].nan != 0 : s[i].inf != 0) return true;
    return false;
  };
  for (auto& bp : d_.breakpoints_) {
    if (!bp.is_after_node()) continue;
    bool nan = bp.kind == Breakpoint::Kind::Nan;
    // The origin: this node made NaN (or Inf) out of finite gradients.
    if (!any_of(run_.produced(r), r.out_count, nan) || any_of(run_.incoming(r), r.in_count, nan)) continue;
    std::shared_ptr<ag::Node> live = d_.ids().node(r.id);
    ag::Node* node = live.get();
    if (!node || !condition_holds(bp, *node, grad_outputs, &grad_inputs)) continue;
    ++bp.hits;
    PauseEvent e;
    e.reason = PauseEvent::Reason::NanInf;
    e.breakpoint = &bp;
    e.node = node->shared_from_this();
    e.grad_outputs = grad_outputs;
    e.grad_inputs = grad_inputs;
    e.after = true;
    pause(e);
    return;
  }
}

void Session::pause(PauseEvent& e) {
  d_.flush_log();  // the log so far is on disk before the user looks
  e.run = &run_;
  e.record = current_;
  rt::Interpreter& in = d_.interpreter();
  Resume resume;
  in.run_on_interpreter_thread([&] {
    rt::Interpreter::BindingScope bind(in, bindings(*e.node, e.grad_outputs, e.after ? &e.grad_inputs : nullptr));
    resume = d_.ui()->on_pause(e);
  });
  apply(resume);
}

void Session::apply(const Resume& r) {
  switch (r.kind) {
    case Resume::Kind::Step: steps_left_ = std::max(1, r.steps); break;
    case Resume::Kind::Continue: steps_left_ = 0; break;
    case Resume::Kind::Finish: finish_ = true; break;
    case Resume::Kind::Abort:
      abort_ = true;
      throw BackwardAborted();
  }
}

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
  rt::Interpreter::BindingScope bind(in, bindings(*node, e.grad_outputs, nullptr));
  Resume ignored = d_.ui()->on_pause(e);  // nothing to resume: the backward has failed
  (void)ignored;
}

void Session::mark_failed() {
  if (current_ < run_.records.size() && run_.records[current_].state == NodeRecord::State::Running)
    run_.records[current_].state = NodeRecord::State::Failed;
}

}  // namespace backstep::debug
