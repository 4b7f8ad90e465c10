#include "repl/debug_ui.h"

#include "repl/debug_format.h"
#include "repl/step_text.h"
#include "engine/debug/step_stats.h"

#include <fmt/format.h>

namespace backstep::repl {

namespace {

struct UIHolder {
  std::unique_ptr<ShellDebugUI> ui;
};

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
  return fmt::format("#{} {}{}", r.id, run.name_of(r), where.empty() ? "" : " — " + where);
}

const debug::BackwardRun* ShellDebugUI::current_run() const {
  if (pause_) return pause_->run;
  return d_.runs().empty() ? nullptr : d_.runs().back().get();
}

void ShellDebugUI::move_cursor(long delta) {
  const debug::BackwardRun* run = current_run();
  if (!run || run->records.empty()) return;
  long c = static_cast<long>(cursor_) + delta;
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
  cursor_ = e.record;
  resume_.reset();
  const debug::BackwardRun& run = *e.run;
  std::string header = fmt::format("Paused ({}", reason_text(e));
  if (e.breakpoint) header += fmt::format(" {}: {}", e.breakpoint->number, e.breakpoint->describe());
  header += fmt::format(") at {} [node {} of {}]\n", node_header(run, e.record), e.record + 1, run.expected);
  header += step_line(shell_.interpreter(), run, e.breakpoint);
  if (e.reason == debug::PauseEvent::Reason::Failure) header += "  error: " + e.error + "\n";
  const debug::NodeRecord& r = run.records[e.record];
  for (uint32_t i = 0; i < r.in_count; ++i)
    header += fmt::format("  grad_outputs[{}]: {}\n", i, summary_text(run.incoming(r)[i]));
  if (e.after)
    for (uint32_t i = 0; i < r.out_count; ++i)
      header += fmt::format("  grad_inputs[{}]:  {}\n", i, summary_text(run.produced(r)[i]));
  shell_.out(header);
  Shell::NestedEnd end = shell_.run_nested(fmt::format("(#{}) ", r.id));
  pause_ = outer;
  if (end == Shell::NestedEnd::Interrupted) {
    shell_.out("KeyboardInterrupt: aborting the backward\n");
    return debug::Resume{debug::Resume::Kind::Abort, 1};
  }
  if (end == Shell::NestedEnd::EndOfInput) {
    // Ctrl-D at a terminal ends the session cleanly; a command file that
    // runs out lets the program run to its end.
    if (shell_.source() && shell_.source()->interactive()) {
      shell_.request_exit(0);
      return debug::Resume{debug::Resume::Kind::Abort, 1};
    }
    return debug::Resume{debug::Resume::Kind::Finish, 1};
  }
  return resume_.value_or(debug::Resume{});
}

void ShellDebugUI::on_program_breakpoint(const lang::Span& where) {
  in_forward_breakpoint_ = true;
  shell_.out(fmt::format("Paused at breakpoint() — {}\n", position_text(where)));
  shell_.set_exec_frame(shell_.interpreter().current_frame());
  Shell::NestedEnd end = shell_.run_nested("(breakpoint) ");
  shell_.set_exec_frame(nullptr);
  in_forward_breakpoint_ = false;
  if (end == Shell::NestedEnd::Interrupted) shell_.interpreter().request_interrupt();
  if (end == Shell::NestedEnd::EndOfInput && shell_.source() && shell_.source()->interactive()) shell_.request_exit(0);
}

void ShellDebugUI::log(const std::string& line) { shell_.err(line + "\n"); }

}  // namespace backstep::repl
