// One watched backward: hooks on every node of its graph, and the history
// and log lines they make (pausing is in session_pause.cpp; see debugger.h
// for the threading model).
#include "engine/debug/session.h"

#include "engine/api/training_steps.h"
#include "engine/autograd/libtorch_compat.h"
#include "engine/autograd/node_metadata.h"
#include "engine/autograd/script_function_node.h"
#include "engine/runtime/interpreter.h"

#include <torch/csrc/autograd/function_hook.h>

#include <atomic>
#include <thread>

namespace backstep::debug {

namespace ag = torch::autograd;

// The session's hook objects live in its HookArena (see session.h): made
// there, and only ended, never freed, when a node's hook list lets go.
// Outside the anonymous namespace: NodeWatch (named in session.h) derives
// from it, and GCC warns (-Wsubobject-linkage) when this file is compiled
// inside a unity batch, where it is not the main file.
struct InArena {
  static void* operator new(size_t bytes, HookArena& arena) { return arena.allocate(bytes); }
  static void operator delete(void*, HookArena&) noexcept {}
  static void operator delete(void*) noexcept {}
};

namespace {

// The session whose engine.execute this thread is running. A node can carry
// hooks of two sessions at once (a backward started from a hook, over an
// overlapping graph); each hook acts only for the backward running it.
thread_local Session* tls_session = nullptr;

// Sessions alive on any thread: a session started while another runs (a
// backward from inside a hook) may run nodes whose hook lists an outer
// engine call is still iterating, so it must not edit them early.
std::atomic<int> g_live_sessions{0};

class PostHook : public ag::FunctionPostHook, public autograd::InternalHook, public InArena {
 public:
  explicit PostHook(Session& s) : s_(s) {}
  ag::variable_list operator()(const ag::variable_list& grad_inputs, const ag::variable_list& grad_outputs) override {
    return tls_session == &s_ ? s_.after(grad_inputs, grad_outputs) : autograd::hand_back(grad_inputs);
  }

 private:
  Session& s_;
};

// First in a root's hook list while the walk runs on another thread: no
// hook of the root, the program's included, runs before every node is
// hooked (a program's hook could start a backward of its own over the same
// nodes, whose hook lists the walk is still filling).
class WalkGate : public ag::FunctionPreHook, public autograd::InternalHook, public InArena {
 public:
  explicit WalkGate(Session& s) : s_(s) {}
  ag::variable_list operator()(const ag::variable_list& grads) override {
    s_.wait_for_walk();
    return autograd::hand_back(grads);
  }

 private:
  Session& s_;
};

// Takes one hook object off a node's list (which ends it).
void erase_hook(std::vector<std::unique_ptr<ag::FunctionPreHook>>& hooks, const ag::FunctionPreHook* hook) {
  for (auto it = hooks.begin(); it != hooks.end(); ++it)
    if (it->get() == hook) {
      hooks.erase(it);
      return;
    }
}

}  // namespace

// A node's pre-hook, and what the session knows of the node. Made only in
// a session's HookArena (see session.h); the node's hook list owns it.
// The facts are gathered during the walk, while the node and its metadata
// are in cache: by the time the engine runs the node its metadata has long
// left the cache (a 100k-node graph is tens of megabytes), and reading the
// id and origin there cost more than the rest of the hook, while the hook
// object itself the engine has just called.
class NodeWatch : public ag::FunctionPreHook, public autograd::InternalHook, public InArena {
 public:
  NodeWatch(Session& s, ag::Node& n, size_t index, const NodeFacts& facts)
      : node(n), index(index), facts(facts), session_(s) {}
  ag::variable_list operator()(const ag::variable_list& grads) override {
    return tls_session == &session_ ? session_.before(*this, grads) : autograd::hand_back(grads);
  }

  ag::Node& node;
  const size_t index;  // in the session's watch list
  const NodeFacts facts;
  uintptr_t post = 0;  // the node's post-hook (0: none)

 private:
  Session& session_;
};

ExecutionScope::ExecutionScope(Session* s) : saved_(tls_session) { tls_session = s; }
ExecutionScope::~ExecutionScope() { tls_session = saved_; }

Session::Session(Debugger& d, BackwardRun& run, const ag::edge_list& roots, bool produced)
    : d_(d),
      run_(run),
      ids_(d.ids()),
      task_(api::current_backward_task(d.interpreter())),
      stamp_(autograd::new_visit_stamp()),
      alone_(g_live_sessions.fetch_add(1) == 0),
      keep_history_(produced) {
  // Without a UI or a trace to read it (logging alone), no history is kept:
  // each node's record lives just long enough to make its log line.
  run_.history_dropped = !keep_history_;
  caller_frame_ = d_.interpreter().current_frame();
  {
    autograd::NodeIds::Batch ids(ids_);
    for (const auto& r : roots)
      if (r.function) visit(r.function.get(), ids);
  }
  for (const auto& r : roots)
    if (r.function) run_.roots.push_back(ids_.id_of(*r.function));
  if (d_.logging() && api::training_steps(d_.interpreter()).in_training()) {
    log_step_text_ = step_text(run_.step, run_.loss);
    log_writer_.set_step_text(log_step_text_);
  }
}

// Breadth-first from the roots; seen nodes are stamped in their metadata
// (the graph can have millions of nodes: no hash set), get their ids as
// they are first seen (so ids go out in BFS order from the roots), and get
// their hooks while the walk has them in cache.
// Raw pointers: the caller's root edges keep the whole graph alive until
// run() returns, and copying 100k shared_ptrs (twice: in and out) is a
// measurable part of a watched backward.
void Session::visit(ag::Node* n, autograd::NodeIds::Batch& ids) {
  // The walk is a chain of cache misses (node, its metadata, its edge list,
  // the next node): fetching the edge list while the metadata is read
  // overlaps two of them.
  __builtin_prefetch(n->next_edges().data());
  auto* md = autograd::metadata_of(*n);
  if (md) {
    if (md->visit_stamp == stamp_) return;
    md->visit_stamp = stamp_;
  } else if (!foreign_.insert(n).second) {
    return;
  }
  NodeFacts facts = facts_of(*n, md);
  facts.id = ids.id_of(*n, md);
  install_hooks(*n, facts);
}

bool Session::walk(size_t limit) {
  if (walked_.load(std::memory_order_acquire)) return true;
  try {
    autograd::NodeIds::Batch ids(ids_);  // nothing in the walk frees a node
    for (size_t done = 0; walk_next_ < watched_.size(); ++walk_next_, ++done) {
      if (done == limit) return false;
      for (const auto& e : watched_[walk_next_]->node.next_edges())
        if (e.function) visit(e.function.get(), ids);
    }
  } catch (...) {
    // Out of memory, the one thing that can fail here: the nodes not
    // reached run unwatched rather than the engine waiting for ever.
  }
  if (!task_ || task_->outputs.empty()) {
    run_.expected = watched_.size();  // a plain backward runs every reachable node
  } else {
    for (const NodeWatch* w : watched_) run_.expected += task_->will_execute(&w->node);
  }
  if (keep_history_) {
    run_.records.reserve(run_.expected);
    run_.summaries.reserve(run_.expected * 3);
  }
  walked_.store(true, std::memory_order_release);  // the last touch: the session may go right after
  return true;
}

bool Session::may_walk_alongside() const {
  // A session inside another's backward walks first (the outer engine may
  // be iterating hook lists); an autograd.grad with inputs shares its task's
  // lazily built node set with the script thread.
  return alone_ && (!task_ || task_->outputs.empty());
}

void Session::wait_for_walk() {
  while (!walked_.load(std::memory_order_acquire)) std::this_thread::yield();
}

Session::~Session() {
  wait_for_walk();
  remove_hooks();
  g_live_sessions.fetch_sub(1);
}

NodeFacts Session::facts_of(ag::Node& node, const autograd::NodeMetadata* md) {
  NodeFacts f;
  // Names by node type: name() builds a string (and demangles for some
  // types) on every call; once per type is enough.
  // A custom Function's node is named after its script class, not its
  // type, so its type never enters the table; the table is asked first
  // (comparing type_infos compares their names, a strcmp per node).
  const std::type_info& type = typeid(node);
  auto known = names_by_type_.find(&type);
  if (known != names_by_type_.end()) {
    f.name_index = known->second;
  } else if (type == typeid(autograd::ScriptFunctionNode)) {
    f.name_index = run_.intern(node.name());
  } else {
    f.name_index = names_by_type_.emplace(&type, run_.intern(node.name())).first->second;
  }
  if (md) {
    const autograd::Origin& origin = md->origin();
    f.origin = origin.span;
    // Taken now: by the time a trace is written the node may be gone.
    if (const autograd::CallRecord* call = origin.call.get()) {
      auto fn = functions_by_call_.find(call);
      if (fn == functions_by_call_.end()) fn = functions_by_call_.emplace(call, run_.intern(call->function)).first;
      f.function_index = fn->second;
    }
    const autograd::ModuleScope* scope = md->module_scope().get();
    if (scope && scope == last_scope_) {
      f.module_index = last_module_index_;  // neighbours in the walk mostly share their module call
    } else if (scope) {
      auto m = modules_by_scope_.find(scope);
      if (m == modules_by_scope_.end() && run_.modules.size() <= UINT16_MAX) {
        m = modules_by_scope_.emplace(scope, static_cast<uint16_t>(run_.modules.size())).first;
        run_.modules.push_back(md->module_scope());
      }
      if (m != modules_by_scope_.end()) f.module_index = m->second;
      last_scope_ = scope;
      last_module_index_ = f.module_index;
    }
  }
  return f;
}

void Session::install_hooks(ag::Node& node, const NodeFacts& facts) {
  // A node whose gradients live on a device runs on that device's thread.
  // (Stored only when true: a store to the atomic is a full barrier, one
  // per input of every node walked.)
  bool on_device = false;
  for (uint32_t i = 0; i < node.num_inputs() && !on_device; ++i)
    on_device = node.input_metadata(i).device().type() != c10::DeviceType::CPU;
  if (on_device) multi_device_ = true;
  auto* watch = new (hook_memory_) NodeWatch(*this, node, watched_.size(), facts);
  node.add_pre_hook(std::unique_ptr<ag::FunctionPreHook>(watch));
  // Post-hooks record what each node produced (history, :break nan,
  // traces); logging alone does without them.
  if (keep_history_) {
    auto* post = new (hook_memory_) PostHook(*this);
    watch->post = node.add_post_hook(std::unique_ptr<ag::FunctionPostHook>(post));
  }
  watched_.push_back(watch);
  hooked_.push_back(true);
  ++hooked_count_;
}

// Removes exactly our hooks: the same vectors hold the script's own hooks
// and libtorch's (retain_grad), so never clear them. The watch dies with
// its place in the node's list.
void Session::remove_hooks_of(NodeWatch& w) {
  hooked_[w.index] = false;
  --hooked_count_;
  ag::Node& node = w.node;
  if (w.post) node.del_post_hook(w.post);
  erase_hook(node.pre_hooks(), &w);  // w is gone from here on
}

void Session::remove_hooks() {
  // Most nodes lost their hooks as the next one started; the last to run
  // still has them, and after a full backward no other node does.
  if (previous_) remove_hooks_of(*previous_);  // hooked until the next node starts
  previous_ = nullptr;
  for (size_t i = 0; hooked_count_ > 0 && i < watched_.size(); ++i)
    if (hooked_[i]) remove_hooks_of(*watched_[i]);
  for (auto& [node, gate] : gates_) erase_hook(node->pre_hooks(), gate);
  gates_.clear();
}

void Session::gate_roots(const ag::edge_list& roots) {
  for (const auto& r : roots) {
    if (!r.function) continue;
    auto& hooks = r.function->pre_hooks();
    auto* gate = new (hook_memory_) WalkGate(*this);
    hooks.insert(hooks.begin(), std::unique_ptr<ag::FunctionPreHook>(gate));
    gates_.emplace_back(r.function.get(), gate);
  }
}

void Session::start_stepping(int steps) { steps_left_ = steps; }

size_t& Session::current() {
  if (!multi_device_) return current_;
  // One slot per thread: a thread runs one node at a time, and this
  // session's backward is the only one its hooks see on it.
  thread_local std::pair<const Session*, size_t> mine{nullptr, SIZE_MAX};
  if (mine.first != this) mine = {this, SIZE_MAX};
  return mine.second;
}

namespace {
constexpr size_t kSameTensorWindow = 4;  // earlier entries of a list append_summaries compares
}  // namespace

void Session::append_summaries(const ag::variable_list& grads, uint32_t& first, uint32_t& count,
                               ag::Node* arriving_at) {
  first = static_cast<uint32_t>(run_.summaries.size());
  count = static_cast<uint32_t>(grads.size());
  for (size_t i = 0; i < grads.size(); ++i) {
    if (!keep_history_) {
      run_.summaries.push_back(describe(grads[i]));  // a log line needs no statistics
      continue;
    }
    // A gradient the node before made, arriving unmodified: its summary
    // from then (Note [A gradient summarized once]).
    if (arriving_at)
      if (const Summary* handed = take_handed_over(*arriving_at, i, grads[i])) {
        run_.summaries.push_back(*handed);
        continue;
      }
    // The same tensor twice in one list (AddBackward0 hands its incoming
    // gradient to both inputs): its summary once. Nothing runs between the
    // two reads, so it is that tensor's summary, bit for bit; only
    // neighbours are compared, so a node with thousands of outputs stays
    // linear.
    size_t same = i;
    for (size_t j = i; j > 0 && j + kSameTensorWindow > i && same == i; --j)
      if (grads[j - 1].unsafeGetTensorImpl() == grads[i].unsafeGetTensorImpl()) same = j - 1;
    Summary s = same == i ? summarize(grads[i]) : run_.summaries[first + same];
    run_.summaries.push_back(s);
  }
}

// Note [A gradient summarized once]
// A gradient a node produces is, most often, exactly the tensor the next
// node receives: summarizing it in both hooks read every big gradient twice
// (a third of a traced backward of 64x64 layers). So the post-hook keeps
// the summaries of the big gradients it made, by the (node, input) each is
// headed for, and that node's pre-hook takes one where the tensor it got is
// that very tensor, unmodified: the same TensorImpl, data pointer and
// version. Anything else that can arrive there is a new tensor made while
// the produced one was still alive -- an accumulation of two producers'
// gradients, a hook's replacement, a dtype conversion -- so it has another
// address (or, accumulated in place, another version) and is scanned. Only
// on one engine thread (the node that ran last is the producer), and only
// for gradients big enough that the lookup costs less than a scan.
namespace {
constexpr int64_t kHandOverNumel = 1024;

uint32_t version_of(const at::Tensor& t) {
  return static_cast<uint32_t>(t.unsafeGetTensorImpl()->version_counter().current_version());
}
}  // namespace

void Session::hand_over_produced(ag::Node& node, const ag::variable_list& grads, uint32_t first) {
  const auto& edges = node.next_edges();
  for (size_t i = 0; i < grads.size() && i < edges.size(); ++i) {
    const at::Tensor& g = grads[i];
    if (!edges[i].function || !g.defined() || g.numel() < kHandOverNumel || !g.has_storage()) continue;
    produced_[produced_next_++ % produced_.size()] =
        Produced{edges[i].function.get(), edges[i].input_nr, g.unsafeGetTensorImpl(), g.data_ptr(), version_of(g),
                 run_.summaries[first + i]};
  }
}

const Summary* Session::take_handed_over(ag::Node& node, size_t input, const at::Tensor& g) {
  if (!g.defined() || g.numel() < kHandOverNumel || !g.has_storage()) return nullptr;
  for (Produced& p : produced_)
    if (p.to == &node && p.input == input && p.impl == g.unsafeGetTensorImpl() && p.data == g.data_ptr() &&
        p.version == version_of(g)) {
      p.to = nullptr;  // one use: the tensor is this input's alone
      return &p.summary;
    }
  return nullptr;
}

ag::variable_list Session::before(NodeWatch& watch, const ag::variable_list& grads) {
  // Only the roots are hooked before the engine starts; the rest of the
  // walk may still be going on another thread (see Debugger::run). No node
  // but a root can run before some root has, and none runs before this
  // returns, so waiting here is all the engine needs.
  if (!walked_.load(std::memory_order_acquire)) wait_for_walk();
  // The node that ran before this one is finished with its hooks (the CPU
  // engine runs one node at a time per thread, pre-hooks, apply, post-hooks),
  // so its hooks come off now, while it is still in cache: taking 100k
  // nodes' hooks off after the backward cost a third of watching it.
  std::unique_lock<std::mutex> one_node_at_a_time(node_mutex_, std::defer_lock);
  if (!multi_device_ && engine_thread_ != std::this_thread::get_id()) {
    if (engine_thread_ == std::thread::id()) engine_thread_ = std::this_thread::get_id();
    else multi_device_ = true;  // a thread the walk did not foresee (Note [device threads])
  }
  if (multi_device_) one_node_at_a_time.lock();
  if (alone_ && previous_ && !multi_device_) remove_hooks_of(*previous_);
  previous_ = multi_device_ ? nullptr : &watch;
  // The node walked after this one most often runs next (always, in a
  // chain): its hook's facts are what the next call reads first.
  if (watch.index + 1 < watched_.size()) __builtin_prefetch(watched_[watch.index + 1]);
  rt::Interpreter& in = d_.interpreter();
  in.check_interrupt();  // Ctrl-C during a backward: KeyboardInterrupt at its call site
  if (abort_) throw BackwardAborted();
  NodeRecord r;
  static_cast<NodeFacts&>(r) = watch.facts;
  append_summaries(grads, r.in_first, r.in_count, keep_history_ && !multi_device_ ? &watch.node : nullptr);
  current() = current_ = run_.records.size();
  if (d_.ui()) current_grads_ = grads;  // for a post-mortem
  run_.records.push_back(r);
  if (d_.logging()) log(run_.records.back());
  if (!keep_history_) {
    run_.summaries.resize(run_.records.back().in_first);
    run_.records.pop_back();
    current() = SIZE_MAX;
    return autograd::hand_back(grads);  // no UI: nothing can pause
  }
  maybe_pause_before(watch.node, grads);
  started_ = std::chrono::steady_clock::now();
  return autograd::hand_back(grads);
}

ag::variable_list Session::after(const ag::variable_list& grad_inputs, const ag::variable_list& grad_outputs) {
  std::unique_lock<std::mutex> one_node_at_a_time(node_mutex_, std::defer_lock);
  if (multi_device_) one_node_at_a_time.lock();
  if (current() >= run_.records.size()) return autograd::hand_back(grad_inputs);
  float us = std::chrono::duration<float, std::micro>(std::chrono::steady_clock::now() - started_).count();
  {
    NodeRecord& r = run_.records[current()];
    append_summaries(grad_inputs, r.out_first, r.out_count);
    if (keep_history_ && !multi_device_ && previous_) hand_over_produced(previous_->node, grad_inputs, r.out_first);
    r.time_us = us;
    r.state = NodeRecord::State::Done;
  }
  maybe_pause_after(grad_inputs, grad_outputs);
  return autograd::hand_back(grad_inputs);
}

// Straight into the debugger's buffer for the file or stream (no copy of
// each line), and through the UI when logging goes to the terminal.
void Session::log(const NodeRecord& r) {
  auto make = [&](std::string& out) {
    log_writer_.append(out, r.name_index, run_.name_of(r), r.id, r.origin, run_.incoming(r), r.in_count);
  };
  if (d_.log_thread()) {
    constexpr size_t kBatchNodes = 4096;
    if (log_batch_.records.empty()) {
      log_batch_.run = &run_;
      log_batch_.step_text = log_step_text_;
      log_batch_.records.reserve(kBatchNodes);
      log_batch_.summaries.reserve(kBatchNodes * 2);
    }
    NodeRecord copy = r;
    copy.in_first = static_cast<uint32_t>(log_batch_.summaries.size());
    log_batch_.summaries.insert(log_batch_.summaries.end(), run_.incoming(r), run_.incoming(r) + r.in_count);
    log_batch_.records.push_back(copy);
    if (log_batch_.records.size() >= kBatchNodes) post_log_batch();
  }
  if (d_.logs_to_stream()) {
    make(d_.log_buffer_);
    d_.log_line_added();
  }
  if (d_.logs_to_ui()) {
    log_line_.clear();
    make(log_line_);
    log_line_.pop_back();  // the UI ends lines itself
    d_.show_log_line(log_line_);
  }
}

void Session::post_log_batch() {
  if (log_batch_.records.empty() || !d_.log_thread()) return;
  d_.log_thread()->post(std::move(log_batch_));
  log_batch_ = LogBatch();
}

}  // namespace backstep::debug
