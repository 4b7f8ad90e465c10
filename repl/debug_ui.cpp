#include "repl/debug_ui.h"

#include "engine/autograd/node_metadata.h"
#include "engine/debug/breakpoints.h"
#include "engine/debug/forward.h"
#include "repl/debug_format.h"
#include "repl/step_text.h"
#include "engine/debug/step_stats.h"

#include <fmt/format.h>

namespace backstep::repl {

namespace {

struct UIHolder {
  std::unique_ptr<ShellDebugUI> ui;
};

std::string forward_reason_text(const debug::ForwardPause& p) {
  switch (p.reason) {
    case debug::ForwardPause::Reason::Breakpoint:
      return fmt::format("breakpoint {}: {}", p.breakpoint->number, p.breakpoint->describe());
    case debug::ForwardPause::Reason::Step: return "step";
    case debug::ForwardPause::Reason::Interrupt: return "Ctrl-C";
    case debug::ForwardPause::Reason::ProgramBreakpoint: return "breakpoint()";
    case debug::ForwardPause::Reason::PostMortem: return "post-mortem";
    case debug::ForwardPause::Reason::Watch:
      return p.breakpoint ? fmt::format("breakpoint {}: {}", p.breakpoint->number, p.breakpoint->describe()) : "watch";
  }
  return "";
}

const char* reason_text(const debug::PauseEvent& e) {
  switch (e.reason) {
    case debug::PauseEvent::Reason::Step: return "step";
    case debug::PauseEvent::Reason::Breakpoint: return "breakpoint";
    case debug::PauseEvent::Reason::NanInf: return "breakpoint";
    case debug::PauseEvent::Reason::Failure: return "backward failed";
  }
  return "";
}

}  // namespace

ShellDebugUI::ShellDebugUI(Shell& shell, debug::Debugger& d) : shell_(shell), d_(d) {
  d_.attach(this);
  debug::step_tracker(shell.interpreter()).enable(shell.interpreter());  // what :params shows
}
ShellDebugUI::~ShellDebugUI() { d_.attach(nullptr); }

ShellDebugUI* debug_ui_of(Shell& shell) { return shell.interpreter().state<UIHolder>().ui.get(); }

ShellDebugUI& attach_debugger(Shell& shell) {
  auto& holder = shell.interpreter().state<UIHolder>();
  if (!holder.ui) holder.ui = std::make_unique<ShellDebugUI>(shell, debug::debugger(shell.interpreter()));
  return *holder.ui;
}

std::string ShellDebugUI::node_header(const debug::BackwardRun& run, size_t record) const {
  const debug::NodeRecord& r = run.records[record];
  std::string where = position_text(r.origin);
  // As :nodes, :graph and :break name it ("AccumulateGrad", not libtorch's
  // "torch::autograd::AccumulateGrad"; the --log-backward lines keep
  // node.name(), as PyTorch's logging hooks print it).
  return fmt::format("#{} {}{}", r.id, debug::unqualified_node_name(run.name_of(r)),
                     where.empty() ? "" : " — " + where);
}

const debug::BackwardRun* ShellDebugUI::current_run() const {
  if (pause_) return pause_->run;
  return d_.runs().empty() ? nullptr : d_.runs().back().get();
}

size_t ShellDebugUI::cursor_in(const debug::BackwardRun& run) const {
  if (run.records.empty()) return 0;
  if (cursor_run_ != &run) return run.records.size() - 1;
  return std::min(cursor_, run.records.size() - 1);
}

void ShellDebugUI::move_cursor(long delta) {
  const debug::BackwardRun* run = current_run();
  if (!run || run->records.empty()) return;
  long c = static_cast<long>(cursor_in(*run)) + delta;
  cursor_run_ = run;
  c = std::max(0L, std::min(c, static_cast<long>(run->records.size()) - 1));
  cursor_ = static_cast<size_t>(c);
}

void ShellDebugUI::resume(const debug::Resume& r) {
  resume_ = r;
  shell_.leave_nested();
}

debug::Resume ShellDebugUI::on_pause(debug::PauseEvent& e) {
  debug::PauseEvent* outer = pause_;
  pause_ = &e;
  // The stack of a pause inside a forward pause is the node's; the forward's
  // comes back afterwards.
  std::vector<debug::StackFrame> outer_stack = std::move(stack_);
  size_t outer_frame = frame_, outer_cursor = stack_cursor_;
  rt::Frame* outer_exec = shell_.exec_frame();
  stack_.clear();
  stack_cursor_ = SIZE_MAX;
  frame_ = 0;
  cursor_ = e.record;
  cursor_run_ = e.run;
  resume_.reset();
  const debug::BackwardRun& run = *e.run;
  std::string header = fmt::format("Paused ({}", reason_text(e));
  if (e.breakpoint) header += fmt::format(" {}: {}", e.breakpoint->number, e.breakpoint->describe());
  header += fmt::format(") at {} [node {} of {}]\n", shell_.style().paint("1;33", node_header(run, e.record)), e.record + 1,
                        run.expected);
  header += step_line(shell_.interpreter(), run, e.breakpoint);
  if (e.reason == debug::PauseEvent::Reason::Failure) header += "  error: " + e.error + "\n";
  const debug::NodeRecord& r = run.records[e.record];
  for (uint32_t i = 0; i < r.in_count; ++i)
    header += fmt::format("  grad_outputs[{}]: {}\n", i, paint_nonfinite(summary_text(run.incoming(r)[i])));
  if (e.after)
    for (uint32_t i = 0; i < r.out_count; ++i)
      header += fmt::format("  grad_inputs[{}]:  {}\n", i, paint_nonfinite(summary_text(run.produced(r)[i])));
  if (e.breakpoint && e.breakpoint->temporary) {  // tbreak: gone once hit, as in pdb
    int number = e.breakpoint->number;
    e.breakpoint = nullptr;
    d_.delete_breakpoint(number);
    header += fmt::format("Deleted breakpoint {}\n", number);
  }
  shell_.fresh_line();  // after print(..., end='')
  shell_.out(header);
  // What is typed runs in the frame that created the node, as after :frame 0.
  shell_.set_exec_frame(nullptr);
  select_frame(0);
  show_displays();
  // At a terminal Ctrl-C drops the line typed and the prompt stays, as at
  // pdb's and gdb's (:abort aborts; Ctrl-C while a statement typed here
  // runs interrupts that statement only).
  Shell::NestedEnd end = shell_.run_nested(
      [this, &run] {
        // The node the user looks at: :back and :forward move it.
        size_t at = std::min(cursor_, run.records.size() - 1);
        return fmt::format("(#{}) ", run.records[at].id);
      },
      source_interactive());
  pause_ = outer;
  stack_ = std::move(outer_stack);
  frame_ = outer_frame;
  stack_cursor_ = outer_cursor;
  shell_.set_exec_frame(outer_exec);
  if (shell_.exiting()) return debug::Resume{debug::Resume::Kind::Abort, 1};  // :quit
  if (end == Shell::NestedEnd::Interrupted) {  // no one typing (a pipe): nothing to go back to
    shell_.out("KeyboardInterrupt: aborting the backward\n");
    return debug::Resume{debug::Resume::Kind::Abort, 1};
  }
  if (end == Shell::NestedEnd::EndOfInput) {
    // Ctrl-D never throws the session's state away: at a terminal the
    // backward goes on to its end (:quit leaves); a command file that runs
    // out lets the program run to its end.
    if (shell_.source() && shell_.source()->interactive())
      shell_.out("(Ctrl-D: the backward runs on to its end; :abort stops it, :quit leaves)\n");
    return debug::Resume{debug::Resume::Kind::Finish, 1};
  }
  return resume_.value_or(debug::Resume{});
}

std::string ShellDebugUI::paint_nonfinite(const std::string& summary) const {
  if (summary.find("  NaN ") == std::string::npos && summary.find("  Inf ") == std::string::npos) return summary;
  return shell_.style().paint("1;31", summary);
}

void ShellDebugUI::quit() {
  bool paused = pause_ || in_forward_breakpoint_;
  // A post-mortem has nothing left to run: no question.
  bool ask = pause_ || (in_forward_breakpoint_ && !post_mortem_);
  if (ask && !shell_.confirm(pause_ ? "A backward is paused. Quit anyway?" : "The program is paused. Quit anyway?"))
    return;
  shell_.request_exit(shell_.quit_status());
  if (!paused) return;
  // The program stops too: the paused backward is aborted and the
  // interpreter interrupted at its next step; the shell leaves after it.
  shell_.interpreter().request_interrupt();
  resume(debug::Resume{debug::Resume::Kind::Abort, 1});
}

void ShellDebugUI::on_program_breakpoint(const lang::Span& where) {
  debug::ForwardPause p;
  p.reason = debug::ForwardPause::Reason::ProgramBreakpoint;
  p.where = where;
  on_forward_pause(p);
}

debug::Resume ShellDebugUI::on_forward_pause(debug::ForwardPause& p) {
  bool post = p.reason == debug::ForwardPause::Reason::PostMortem;
  shell_.fresh_line();  // after print(..., end='')
  if (post) {
    shell_.out(fmt::format("Post-mortem ({}) — {}\n", p.message, position_text(p.where)));
  } else if (p.reason == debug::ForwardPause::Reason::ProgramBreakpoint) {
    shell_.out(fmt::format("Paused at breakpoint() — {}\n", position_text(p.where)));
  } else {
    shell_.out(fmt::format("Paused ({}) — {}\n", forward_reason_text(p), position_text(p.where)));
    if (!p.message.empty()) shell_.out("  " + p.message + "\n");
  }
  bool outer_forward = in_forward_breakpoint_, outer_post = post_mortem_;
  rt::Frame* outer_exec = shell_.exec_frame();
  debug::PauseEvent* outer_pause = pause_;  // code run at a backward pause reached a line breakpoint
  pause_ = nullptr;
  in_forward_breakpoint_ = true;
  post_mortem_ = post;
  stack_ = d_.forward().frames();
  stack_cursor_ = SIZE_MAX;
  resume_.reset();
  select_frame(0);
  const char* prompt = post ? "(post-mortem) " : p.reason == debug::ForwardPause::Reason::ProgramBreakpoint ? "(breakpoint) " : "(forward) ";
  show_displays();
  // Ctrl-C drops the line typed, as at pdb's prompt (:abort stops the program).
  Shell::NestedEnd end = shell_.run_nested(prompt, source_interactive());
  shell_.set_exec_frame(outer_exec);
  stack_.clear();
  frame_ = 0;
  in_forward_breakpoint_ = outer_forward;
  post_mortem_ = outer_post;
  pause_ = outer_pause;
  if (end == Shell::NestedEnd::Interrupted) return debug::Resume{debug::Resume::Kind::Abort, 1};
  if (end == Shell::NestedEnd::EndOfInput && source_interactive())
    shell_.out("(Ctrl-D: the program goes on; :quit leaves)\n");
  return resume_.value_or(debug::Resume{});
}

const std::vector<debug::StackFrame>& ShellDebugUI::stack() {
  if (in_forward_breakpoint_ && !pause_) return stack_;
  const debug::BackwardRun* run = current_run();
  if (!pause_ || !run || run->records.empty()) {
    stack_.clear();
    return stack_;
  }
  if (stack_cursor_ != cursor_) {
    stack_.clear();
    stack_cursor_ = cursor_;
    frame_ = 0;
    const debug::NodeRecord& r = run->records[std::min(cursor_, run->records.size() - 1)];
    auto node = pause_->record == cursor_ ? pause_->node : d_.ids().node(r.id);
    if (node)
      if (auto* md = autograd::metadata_of(*node)) stack_ = debug::creating_stack(shell_.interpreter(), md->origin());
  }
  return stack_;
}

void ShellDebugUI::select_frame(size_t i) {
  const auto& frames = stack();
  if (frames.empty()) return;
  frame_ = std::min(i, frames.size() - 1);
  rt::Frame* f = frames[frame_].frame;
  // A backward pause's innermost frame is the module level with `node` and
  // `grad_outputs` bound, as before any :up.
  shell_.set_exec_frame(pause_ && frame_ == 0 && f && !f->scope ? nullptr : f);
}

bool ShellDebugUI::source_interactive() const { return shell_.source() && shell_.source()->interactive(); }

void ShellDebugUI::log(const std::string& line) { shell_.err(line + "\n"); }

}  // namespace backstep::repl
