#include "engine/debug/forward.h"

#include "engine/debug/session.h"
#include "engine/lang/ast.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>
#include <torch/csrc/autograd/variable.h>

namespace backstep::debug {

Resume DebugUI::on_forward_pause(ForwardPause& p) {
  if (p.reason == ForwardPause::Reason::ProgramBreakpoint) on_program_breakpoint(p.where);
  return Resume{};
}

namespace {

bool in_library(const lang::Span& at) {
  const lang::SourceFile* src = lang::source_of(at);
  return !src || src->is_library();
}

}  // namespace

void ForwardTracer::update() {
  bool lines = step_ != Step::None || !watches_.empty();
  for (const auto& bp : d_.breakpoints()) lines |= bp.kind == Breakpoint::Kind::Line;
  d_.interpreter().trace_lines(lines && d_.ui());
}

const Breakpoint* ForwardTracer::line_breakpoint_at(rt::Interpreter& in, rt::Frame& f, const lang::Span& at) {
  for (auto& bp : d_.breakpoints_) {
    if (bp.kind != Breakpoint::Kind::Line || bp.line != at.line) continue;
    if (bp.file.empty() && in_library(at)) continue;  // a bare LINE means the program's lines
    if (!bp.matches_position(at)) continue;
    if (!bp.condition.empty()) {
      bool holds = true;
      try {
        rt::Interpreter::BindingScope bind(in, frame_bindings(f));
        holds = rt::truthy(in, in.eval_expression(bp.condition, "<breakpoint condition>"));
      } catch (const rt::ScriptError& e) {
        in.sink().err(fmt::format("breakpoint {} condition failed: {}\n", bp.number, e.what()));
      }
      if (!holds) continue;
    }
    ++bp.hits;
    return &bp;
  }
  return nullptr;
}

const Breakpoint& ForwardTracer::watch(const std::string& name, const at::Tensor& tensor) {
  Breakpoint b;
  b.kind = Breakpoint::Kind::NodeId;
  b.watch = name;
  b.spec = "watch " + name;
  Watch w;
  w.name = name;
  w.tensor = tensor;
  w.version = tensor._version();
  if (tensor.requires_grad()) {
    // The node the tensor's gradient flows into: its grad_fn, or for a
    // leaf the accumulator (made here if the graph has none yet).
    torch::autograd::Edge edge = torch::autograd::impl::gradient_edge(tensor);
    w.receiver = edge.function;
    if (edge.function) b.node_id = d_.ids().id_of(*edge.function);
  }
  const Breakpoint& added = d_.add_breakpoint(std::move(b));
  w.number = added.number;
  watches_.push_back(std::move(w));
  update();
  return added;
}

void ForwardTracer::refresh_watches() {
  for (auto& w : watches_) {
    if (!w.tensor.requires_grad()) continue;
    torch::autograd::Edge edge = torch::autograd::impl::gradient_edge(w.tensor);
    if (!edge.function || edge.function == w.receiver) continue;
    w.receiver = edge.function;
    for (auto& b : d_.breakpoints_)
      if (b.number == w.number) b.node_id = d_.ids().id_of(*edge.function);
  }
}

void ForwardTracer::forget_watch(int number) {
  for (auto it = watches_.begin(); it != watches_.end(); ++it)
    if (it->number == number) {
      watches_.erase(it);
      break;
    }
  update();
}

bool ForwardTracer::check_watches(rt::Interpreter&, const lang::Span& at) {
  for (auto& w : watches_) {
    int64_t now = w.tensor._version();
    if (now == w.version) continue;
    std::string message = fmt::format("{} was modified in place (version {} -> {}) by {}:{}", w.name, w.version, now,
                                      lang::file_name_of(last_line_), last_line_.line);
    w.version = now;
    refresh_watches();
    Breakpoint* bp = nullptr;
    for (auto& b : d_.breakpoints_)
      if (b.number == w.number) bp = &b;
    if (bp) ++bp->hits;
    pause(ForwardPause::Reason::Watch, at, bp, message);
    return true;
  }
  return false;
}

void ForwardTracer::on_line(rt::Interpreter& in, rt::Frame& f, const lang::Stmt& s) {
  if (paused_ || !d_.ui() || !s.span.valid()) return;
  if (!watches_.empty()) {
    bool paused = check_watches(in, s.span);
    last_line_ = s.span;
    if (paused) return;
  }
  bool stepped = false;
  switch (step_) {
    case Step::None: break;
    case Step::Into: stepped = true; break;
    case Step::Over: stepped = in.depth() <= step_depth_; break;
    case Step::Out: stepped = in.depth() < step_depth_; break;
  }
  if (stepped && in_library(s.span)) stepped = false;  // steps stay in the program's own code
  const Breakpoint* bp = stepped ? nullptr : line_breakpoint_at(in, f, s.span);
  if (!stepped && !bp) return;
  pause(bp ? ForwardPause::Reason::Breakpoint : ForwardPause::Reason::Step, s.span, bp);
}

void ForwardTracer::pause(ForwardPause::Reason reason, const lang::Span& where, const Breakpoint* bp,
                          const std::string& message) {
  DebugUI* ui = d_.ui();
  if (!ui || paused_) return;
  rt::Interpreter& in = d_.interpreter();
  ForwardPause p;
  p.reason = reason;
  p.breakpoint = bp;
  p.where = where;
  p.message = message;
  step_ = Step::None;
  paused_ = true;
  frames_ = live_stack(in);
  // In script code a node of a backward runs (a custom Function's
  // backward, the node's hooks once it started): the pause says which. A
  // pre-hook of the next node runs before that node's record exists: no
  // node is named then.
  Session* serving = d_.serving_session();
  size_t record = serving ? serving->serving_record() : SIZE_MAX;
  const BackwardRun* run = serving ? &serving->run() : nullptr;
  if (record != SIZE_MAX && record < run->records.size() &&
      run->records[record].state == NodeRecord::State::Running) {
    node_context_ = NodeContext{run, record, serving->caller_frame()};
    const NodeRecord& r = run->records[record];
    if (p.message.empty())
      p.message = fmt::format("in #{} {} [node {} of {}] of backward #{}", r.id, unqualified_node_name(run->name_of(r)),
                              record + 1, run->expected, run->number);
  }
  Resume r;
  try {
    r = ui->on_forward_pause(p);
  } catch (...) {
    paused_ = false;
    frames_.clear();
    node_context_ = NodeContext{};
    update();
    throw;
  }
  paused_ = false;
  frames_.clear();
  node_context_ = NodeContext{};
  apply(r, in);
}

// Note [Stepping through a custom Function's backward]
// A custom Function's backward is script code a node runs: the engine, on
// its worker, calls the node, which posts the script's `backward` to the
// interpreter thread and waits (Note [A custom Function's backward runs on
// the interpreter thread], function_api.cpp). So the one stepper there is,
// this tracer's, walks its lines, and the backward's session and this
// tracer hand the step to each other, each on the interpreter thread:
//  - :step at the node's pause (Session::pause) sets a step into here when
//    the Function's backward is the program's own code (checkpoint's and a
//    module hook's Function nodes are library code, stepped as any node),
//    and leaves the session's own one-node step as it is: the first program
//    line the node runs pauses, else the next node does;
//  - a pause at a node ends a step of this tracer in progress (cancel_step),
//    whichever of the two came first;
//  - at a pause in the backward (a step, or a line breakpoint there),
//    :step, :next and :finish keep the session's one-node step, so leaving
//    the backward pauses at the next node (its caller, as pdb's step
//    returns to the caller's next line), and :continue clears it.
// The session's counter is written here while its engine thread is blocked
// in run_on_interpreter_thread for this very code, and read there after the
// mailbox hands the result back: the mailbox orders the two. A pause in
// code typed at the node's own prompt is not the node's: the session says
// so (serving_script() is false while its prompt is open).
void ForwardTracer::step_into_backward() {
  step_ = Step::Into;
  step_depth_ = d_.interpreter().depth();
  update();
}

void ForwardTracer::cancel_step() {
  if (step_ == Step::None) return;
  step_ = Step::None;
  update();
}

void ForwardTracer::apply(const Resume& r, rt::Interpreter& in) {
  step_depth_ = in.depth();
  if (Session* serving = d_.serving_session())
    serving->step_after_script(r.kind != Resume::Kind::Continue && r.kind != Resume::Kind::Abort);
  switch (r.kind) {
    case Resume::Kind::Step: step_ = Step::Into; break;
    case Resume::Kind::Next: step_ = Step::Over; break;
    case Resume::Kind::Finish: step_ = Step::Out; break;
    case Resume::Kind::Continue: step_ = Step::None; break;
    case Resume::Kind::Abort:
      step_ = Step::None;
      in.request_interrupt();
      break;
  }
  update();
}

bool ForwardTracer::take_step_into_backward() {
  if (step_ != Step::Into) return false;
  step_ = Step::None;
  update();
  return true;
}

bool ForwardTracer::on_pause_request(rt::Interpreter& in) {
  // During a backward the engine runs on a worker: Ctrl-C interrupts it as before.
  if (paused_ || !d_.ui() || !in.current_frame() || d_.running()) return false;
  pause(ForwardPause::Reason::Interrupt, in.current_frame()->current);
  return true;
}

void ForwardTracer::on_unwind(rt::Interpreter&, rt::Frame& f, const rt::ScriptError& error) noexcept {
  if (!d_.ui()) return;
  try {
    if (error.exception() != unwinding_) {
      unwinding_ = error.exception();
      unwound_.clear();
    }
    auto keep = snapshot_frame(f);
    unwound_.push_back(StackFrame{f.current, std::string(f.function), keep.get(), keep});
  } catch (...) {
    // Out of memory while copying: the post-mortem shows fewer frames.
  }
}

void ForwardTracer::on_return(rt::Interpreter&, rt::Frame& f) noexcept {
  // A node made in this call holds its record (so does a call it made):
  // keep the variables for :up at a backward pause.
  if (!d_.ui() || !f.call || f.call.use_count() <= 1 || f.call->frame_snapshot) return;
  try {
    f.call->frame_snapshot = snapshot_returned_frame(f);
  } catch (...) {
  }
}

bool ForwardTracer::post_mortem(const rt::ScriptError& error, const std::string& message) {
  if (!d_.ui() || error.exception() != unwinding_ || unwound_.empty()) return false;
  std::vector<StackFrame> frames = std::move(unwound_);
  unwound_.clear();
  unwinding_.reset();
  open_post_mortem(std::move(frames), message);
  return true;
}

void ForwardTracer::remember_uncaught(const std::shared_ptr<rt::ExceptionObject>& exception,
                                      const std::string& message) {
  last_frames_.clear();
  last_message_ = message;
  if (!exception || exception != unwinding_) return;  // a syntax error: no frames
  last_frames_ = std::move(unwound_);
  unwound_.clear();
  unwinding_.reset();
}

bool ForwardTracer::post_mortem_last() {
  if (!d_.ui() || last_frames_.empty() || paused_) return false;
  open_post_mortem(last_frames_, last_message_);  // a copy: :pm again opens them again
  return true;
}

void ForwardTracer::open_post_mortem(std::vector<StackFrame> frames, const std::string& message) {
  ForwardPause p;
  p.reason = ForwardPause::Reason::PostMortem;
  p.where = frames.front().span;
  p.message = message;
  paused_ = true;
  frames_ = std::move(frames);
  try {
    d_.ui()->on_forward_pause(p);
  } catch (...) {
  }
  paused_ = false;
  frames_.clear();
  step_ = Step::None;
  update();
}

}  // namespace backstep::debug
