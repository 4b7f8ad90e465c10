#include "engine/debug/debugger.h"

#include "engine/api/interruptible_backward.h"
#include "engine/api/training_steps.h"
#include "engine/debug/engine_workers.h"
#include "engine/debug/forward.h"
#include "engine/debug/log_thread.h"
#include "engine/debug/session.h"
#include "engine/runtime/call_records.h"

#include <ATen/ThreadLocalState.h>
#include <fmt/format.h>
#include <torch/csrc/autograd/engine.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <string_view>
#include <thread>
#include <utility>

namespace backstep::debug {

namespace ag = torch::autograd;

uint16_t BackwardRun::intern(const std::string& name) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<uint16_t>(i);
  names.push_back(name);
  return static_cast<uint16_t>(names.size() - 1);
}

Debugger::Debugger(rt::Interpreter& in) : in_(in), forward_(std::make_unique<ForwardTracer>(*this)) {}
Debugger::~Debugger() {
  if (in_.tracer() == forward_.get()) in_.set_tracer(nullptr);
}

void Debugger::attach(DebugUI* ui) {
  ui_ = ui;
  in_.set_tracer(ui ? forward_.get() : nullptr);
  forward_->update();
}

const Breakpoint& Debugger::add_breakpoint(Breakpoint b) {
  b.number = next_breakpoint_++;
  // Checked by whoever set it when modules exist already (see unknown_module_error).
  if (b.kind == Breakpoint::Kind::Module && autograd::any_module_known()) b.module_checked = true;
  breakpoints_.push_back(std::move(b));
  forward_->update();
  return breakpoints_.back();
}

bool Debugger::delete_breakpoint(int number) {
  for (auto it = breakpoints_.begin(); it != breakpoints_.end(); ++it)
    if (it->number == number) {
      breakpoints_.erase(it);
      forward_->forget_watch(number);
      return true;
    }
  return false;
}

bool Debugger::log_to_file(const std::string& path, std::string* error) {
  if (std::string earlier = close_log_file(); !earlier.empty()) {
    if (error) *error = earlier;
    return false;
  }
  auto file = std::make_unique<files::AtomicFile>();
  if (std::string bad = file->open(path); !bad.empty()) {
    if (error) *error = bad;
    return false;
  }
  log_thread_ = std::make_unique<LogThread>(std::move(file));
  return true;
}

std::string Debugger::close_log_file() {
  if (!log_thread_) return "";
  std::string error = log_thread_->close();
  log_thread_.reset();
  return error;
}

std::string Debugger::stop_logging() {
  flush_log();
  log_to_ui_ = false;
  log_stream_ = nullptr;
  return close_log_file();
}

// Log lines are buffered and written in chunks: one write per node would
// make logging cost more than the node itself.
void Debugger::flush_log() {
  if (log_thread_) log_thread_->drain();
  if (log_buffer_.empty()) return;
  if (log_stream_) {
    std::fflush(stdout);  // keep program output and log lines in order
    std::fwrite(log_buffer_.data(), 1, log_buffer_.size(), log_stream_);
    std::fflush(log_stream_);
  }
  log_buffer_.clear();
}

void Debugger::show_log_line(const std::string& line) {
  // The UI writes to the terminal: only from the interpreter thread.
  in_.run_on_interpreter_thread([&] { ui_->log(line); });
}

BackwardRun* Debugger::running() const {
  return !runs_.empty() && runs_.back()->outcome == BackwardRun::Outcome::Running ? runs_.back().get() : nullptr;
}

// Note [breakpoint() under run]: CPython's default sys.breakpointhook
// reads PYTHONBREAKPOINT at every call: "0" makes breakpoint() do nothing;
// otherwise it enters pdb. Here the debugger is the hook: under `debug` and
// in the shell its UI is attached already; under `run` the fallback attaches
// one at a terminal (the prompt opens at this line) and otherwise lets the
// program go on, saying so once (`run` is what CI runs: it must not wait
// for input no one types). Other PYTHONBREAKPOINT values name Python
// debuggers (ipdb, pudb) backstep does not have: they get this one too.
void Debugger::on_breakpoint(rt::Interpreter&, const lang::Span& where) {
  const char* hook = std::getenv("PYTHONBREAKPOINT");
  if (hook && std::string_view(hook) == "0") return;
  if (!ui_ && breakpoint_fallback_) breakpoint_fallback_(where);
  forward_->pause(ForwardPause::Reason::ProgramBreakpoint, where);
}

namespace {

// Runs the engine on a worker thread while this (the interpreter) thread
// serves the hooks' requests: script hooks and pauses.
std::vector<at::Tensor> execute_on_worker(rt::Interpreter& in, EngineWorkers& workers, Session& session,
                                          const ag::edge_list& roots, const std::vector<at::Tensor>& grads,
                                          bool keep_graph, bool create_graph, bool accumulate_grad,
                                          const ag::edge_list& outputs) {
  std::vector<at::Tensor> result;
  std::exception_ptr error;
  std::atomic<bool> done{false};
  std::atomic<bool> released{false};
  // Nodes created by this backward (create_graph) are attributed to the
  // line that called it.
  lang::Span call_site = in.current_span();
  auto call = in.current_frame() ? rt::frame_call(*in.current_frame()) : nullptr;
  autograd::OriginContext origin{&call_site, &call};
  // The engine captures the calling thread's state (inference mode,
  // dispatch key exclusions, ...) for the backward: the caller's, not
  // whatever the worker has.
  at::ThreadLocalState caller_state;
  workers.start([&] {
    at::ThreadLocalStateGuard state(caller_state);
    autograd::OriginScope scope(&origin);
    ExecutionScope running(&session);
    try {
      result = ag::Engine::get_default_engine().execute(roots, grads, keep_graph, create_graph, accumulate_grad, outputs);
    } catch (...) {
      error = std::current_exception();
    }
    done = true;  // after this the caller may return from pump_until
    in.notify();
    released.store(true, std::memory_order_release);  // the last thing this worker touches of ours
  });
  // This thread walks the graph while the engine works out its
  // dependencies (see Debugger::run).
  session.walk();
  in.pump_until([&] { return done.load(); });
  // Note [The worker's last touch]: pump_until can see `done` before the
  // worker is through notify(); returning then would let the caller destroy
  // the Interpreter (and its mailbox) under the worker's feet, a race
  // ThreadSanitizer reported at every session end. Wait for the few
  // instructions left.
  while (!released.load(std::memory_order_acquire)) std::this_thread::yield();
  if (error) std::rethrow_exception(error);
  return result;
}

}  // namespace

std::vector<at::Tensor> Debugger::run(rt::Interpreter& in, const ag::edge_list& roots,
                                      const std::vector<at::Tensor>& grads, bool keep_graph, bool create_graph,
                                      bool accumulate_grad, const ag::edge_list& outputs) {
  if (forward_->take_step_into_backward()) step_next_backward_ = true;
  forward_->refresh_watches();
  if (!watching() && !step_next_backward_)  // no hooks: interrupts stop it between nodes
    return api::execute_interruptibly(in, roots, grads, keep_graph, create_graph, accumulate_grad, outputs);

  let_go_of_old_histories();
  runs_.push_back(std::make_unique<BackwardRun>());
  BackwardRun& run = *runs_.back();
  run.number = runs_.size();
  run.call_site = in.current_span();
  run.is_grad = !accumulate_grad;
  run.step = api::training_steps(in).steps();
  run.loss = api::training_steps(in).last_loss();
  // Note [A backward interrupted before it starts]
  // What listens for a backward's start may take a while (--graph-json
  // describes and writes the whole graph: a second for 50,000 nodes), so it
  // checks for Ctrl-C and --timeout as it goes, and a KeyboardInterrupt may
  // come out of it before any node has run. The run is then over: marked
  // aborted and reported to the finish listeners like any other, so a trace
  // written in backward order does not wait for it forever.
  try {
    for (const auto& listener : start_listeners_) listener(run, roots);
  } catch (...) {
    run.outcome = BackwardRun::Outcome::Aborted;
    run.error = "interrupted before it started";
    for (const auto& listener : listeners_) listener(run);
    throw;
  }
  check_module_breakpoints();
  for (auto& bp : breakpoints_) bp.pending = false;
  auto started = std::chrono::steady_clock::now();
  Session session(*this, run, roots, /*produced=*/ui_ != nullptr || keep_watching_);
  // Innermost first: a backward started from a hook or a prompt nests.
  struct Active {
    Session*& slot;
    Session* outer;
    ~Active() { slot = outer; }
  } active{active_session_, std::exchange(active_session_, &session)};
  if (step_next_backward_) {
    session.start_stepping(1);
    step_next_backward_ = false;
  }
  auto finish = [&](BackwardRun::Outcome outcome, const std::string& error) {
    session.wait_for_walk();  // the walk may outlast a backward that failed at once
    session.post_log_batch();
    flush_log();
    run.wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    run.outcome = outcome;
    run.error = error;
    session.remove_hooks();
    for (const auto& listener : listeners_) listener(run);
  };
  // Hooking every node means walking the whole graph, one cache miss after
  // another (tens of milliseconds for 100k nodes), and the engine then walks
  // it again to count dependencies before it runs the first node. So the
  // session hooks only the roots up front, and the rest of the walk runs on
  // another thread alongside the engine's: the roots' hooks wait for it, and
  // every other node runs after some root. With a UI the interpreter thread
  // walks (the engine is on a worker); without one, a small graph is walked
  // right here (waking a thread would cost more) and a big one's remainder
  // on a worker.
  if (!session.may_walk_alongside()) session.walk();
  try {
    std::vector<at::Tensor> result;
    if (ui_) {
      if (!workers_) workers_ = std::make_unique<EngineWorkers>();
      result = execute_on_worker(in, *workers_, session, roots, grads, keep_graph, create_graph, accumulate_grad,
                                 outputs);
    } else {
      constexpr size_t kWalkedInline = 4096;  // nodes
      if (!session.walk(kWalkedInline)) {
        if (!workers_) workers_ = std::make_unique<EngineWorkers>();
        session.gate_roots(roots);
        try {
          workers_->start([&session] { session.walk(); });
        } catch (...) {
          session.walk();  // no thread to be had: walk here, as for a small graph
        }
      }
      ExecutionScope running(&session);
      result = ag::Engine::get_default_engine().execute(roots, grads, keep_graph, create_graph, accumulate_grad, outputs);
    }
    finish(BackwardRun::Outcome::Finished, "");
    return result;
  } catch (const BackwardAborted&) {
    session.mark_failed();
    finish(BackwardRun::Outcome::Aborted, "backward aborted");
    rt::raise_runtime_error("backward aborted");
  } catch (const std::exception& e) {
    rt::ScriptError se = rt::translate_torch_error(e);
    bool interrupted = se.type().is_subtype_of(*rt::exc_types().keyboard_interrupt);
    if (!interrupted) session.post_mortem(se.message());
    else session.mark_failed();
    finish(interrupted ? BackwardRun::Outcome::Aborted : BackwardRun::Outcome::Failed, se.message());
    throw se;
  }
}

Session* Debugger::serving_session() const {
  return active_session_ && active_session_->serving_script() ? active_session_ : nullptr;
}

void Debugger::check_module_breakpoints() {
  if (!autograd::any_module_known()) return;
  for (auto& bp : breakpoints_) {
    if (bp.kind != Breakpoint::Kind::Module || bp.module_checked) continue;
    bp.module_checked = true;
    std::string error = unknown_module_error(bp);
    if (!error.empty()) in_.sink().err(fmt::format("breakpoint {}: {}\n", bp.number, error));
  }
}

size_t BackwardRun::history_bytes() const {
  return records.capacity() * sizeof(NodeRecord) + summaries.capacity() * sizeof(Summary);
}

void BackwardRun::drop_history() {
  std::vector<NodeRecord>().swap(records);
  std::vector<Summary>().swap(summaries);
  modules.assign(1, nullptr);
  history_dropped = true;
}

// Called as each backward starts. A run's history is counted once it has
// finished (a run still going, started from a hook, waits), and the oldest
// go first until the rest fit the budget; the newest finished one keeps its
// history whatever its size. Amortised O(1): a training loop makes
// hundreds of thousands of runs.
void Debugger::let_go_of_old_histories() {
  if (keep_watching_) return;
  for (; counted_runs_ < runs_.size(); ++counted_runs_) {
    const BackwardRun& r = *runs_[counted_runs_];
    if (r.outcome == BackwardRun::Outcome::Running) break;
    kept_history_bytes_ += r.history_bytes();
  }
  while (kept_history_bytes_ > history_budget_ && oldest_kept_run_ + 1 < counted_runs_) {
    BackwardRun& r = *runs_[oldest_kept_run_++];
    kept_history_bytes_ -= r.history_bytes();
    r.drop_history();
  }
}

Debugger& debugger(rt::Interpreter& in) {
  struct Holder {
    std::unique_ptr<Debugger> d;
  };
  auto& h = in.state<Holder>();
  if (!h.d) {
    h.d = std::make_unique<Debugger>(in);
    api::set_backward_runner(in, h.d.get());
    in.set_observer(h.d.get());
  }
  return *h.d;
}

}  // namespace backstep::debug
