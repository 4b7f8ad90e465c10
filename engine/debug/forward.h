// The debugger in the forward pass (rt::Tracer): line breakpoints that
// pause before a statement runs, pdb's step / next / return over script
// lines, Ctrl-C that pauses where the program is, the frames an uncaught
// exception left for a post-mortem, and the variables of calls that
// created autograd nodes (for :up at a backward pause).
//
// Installed in the interpreter while a UI is attached (Debugger::attach);
// see Note [Tracer cost] in engine/runtime/tracer.h for what it costs.
#pragma once

#include "engine/debug/debugger.h"
#include "engine/debug/frames.h"
#include "engine/runtime/tracer.h"

namespace backstep::debug {

class ForwardTracer : public rt::Tracer {
 public:
  explicit ForwardTracer(Debugger& d) : d_(d) {}

  // rt::Tracer
  void on_line(rt::Interpreter& in, rt::Frame& frame, const lang::Stmt& statement) override;
  void on_unwind(rt::Interpreter& in, rt::Frame& frame, const rt::ScriptError& error) noexcept override;
  void on_return(rt::Interpreter& in, rt::Frame& frame) noexcept override;
  bool on_pause_request(rt::Interpreter& in) override;

  // Pauses the forward here (breakpoint(), a watch) and applies the
  // user's resume action.
  void pause(ForwardPause::Reason reason, const lang::Span& where, const Breakpoint* bp = nullptr,
             const std::string& message = "");
  // Whether the program is paused in the forward now, and its frames
  // (innermost first; after an uncaught exception, the ones it left).
  bool paused() const { return paused_; }
  const std::vector<StackFrame>& frames() const { return frames_; }

  // After an uncaught exception ended the program: opens the prompt with
  // the frames it went through. False when there are none to show.
  bool post_mortem(const rt::ScriptError& error, const std::string& message);

  // pdb.pm() in the shell: the frames an uncaught exception left are kept
  // (as sys.last_traceback keeps them) until the next uncaught one, and
  // post_mortem_last() opens them. False when there are none.
  void remember_uncaught(const std::shared_ptr<rt::ExceptionObject>& exception, const std::string& message);
  bool post_mortem_last();

  // A step typed at a forward pause into a line that starts a backward
  // pauses at the backward's first node: Debugger::run asks.
  bool take_step_into_backward();

  // From a backward's pause, on the interpreter thread (Note [Stepping
  // through a custom Function's backward], forward.cpp): :step before a
  // custom Function's node pauses at the first program line its backward
  // runs; any pause at a node ends a step in progress.
  void step_into_backward();
  void cancel_step();
  // At a pause in script code a backward's node runs (a custom Function's
  // backward, a hook): that backward, the node, and the frame that called
  // the backward (the live frames above it are the backward's). Empty
  // (run null) at any other pause.
  struct NodeContext {
    const BackwardRun* run = nullptr;
    size_t record = 0;
    const rt::Frame* caller = nullptr;
  };
  const NodeContext& node_context() const { return node_context_; }

  // :watch NAME: pauses the backward before the node that receives the
  // tensor's gradient (its grad_fn, or a leaf's AccumulateGrad), and the
  // forward at the line after one that modified it in place. Returns the
  // breakpoint it adds.
  const Breakpoint& watch(const std::string& name, const at::Tensor& tensor);
  void forget_watch(int number);
  // An in-place change gives a tensor a new grad_fn: each backward asks
  // again which node receives a watched tensor's gradient.
  void refresh_watches();

  // Called when breakpoints change: the per-line hook runs only while a
  // line breakpoint or a step needs it.
  void update();

 private:
  enum class Step { None, Into, Over, Out };
  const Breakpoint* line_breakpoint_at(rt::Interpreter& in, rt::Frame& f, const lang::Span& at);
  void apply(const Resume& r, rt::Interpreter& in);

  struct Watch {
    int number = 0;
    std::string name;
    at::Tensor tensor;
    int64_t version = 0;
    c10::intrusive_ptr<torch::autograd::Node> receiver;  // keeps a leaf's accumulator alive
  };
  // A watched tensor modified in place since the last line: pauses.
  bool check_watches(rt::Interpreter& in, const lang::Span& at);

  Debugger& d_;
  std::vector<Watch> watches_;
  lang::Span last_line_;  // the statement that ran before this one
  Step step_ = Step::None;
  int step_depth_ = 0;
  bool paused_ = false;
  std::vector<StackFrame> frames_;
  NodeContext node_context_;  // while paused_
  // Post-mortem: the frames the exception in flight has left, innermost first.
  std::shared_ptr<rt::ExceptionObject> unwinding_;
  std::vector<StackFrame> unwound_;
  // The last uncaught exception's frames and its message line (:pm).
  std::vector<StackFrame> last_frames_;
  std::string last_message_;
  void open_post_mortem(std::vector<StackFrame> frames, const std::string& message);
};

}  // namespace backstep::debug
