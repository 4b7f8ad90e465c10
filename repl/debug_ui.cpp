#include "repl/debug_ui.h"

#include "repl/debug_format.h"

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

ShellDebugUI::ShellDebugUI(Shell& shell, debug::Debugger& d) : shell_(shell), d_(d) { d_.attach(this); }
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
  cursor_ = e.record;
  cursor_run_ = e.run;
  resume_.reset();
  const debug::BackwardRun& run = *e.run;
  std::string header = fmt::format("Paused ({}", reason_text(e));
  if (e.breakpoint) header += fmt::format(" {}: {}", e.breakpoint->number, e.breakpoint->describe());
  header += fmt::format(") at {} [node {} of {}]\n", shell_.style().paint("1;33", node_header(run, e.record)), e.record + 1,
                        run.expected);
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
  shell_.out(header);
  show_displays();
  Shell::NestedEnd end = shell_.run_nested([this, &run] {
    // The node the user looks at: :back and :forward move it.
    size_t at = std::min(cursor_, run.records.size() - 1);
    return fmt::format("(#{}) ", run.records[at].id);
  });
  pause_ = outer;
  if (shell_.exiting()) return debug::Resume{debug::Resume::Kind::Abort, 1};  // :quit
  if (end == Shell::NestedEnd::Interrupted) {
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
  if (paused && !shell_.confirm(pause_ ? "A backward is paused. Quit anyway?" : "The program is paused. Quit anyway?"))
    return;
  shell_.request_exit(shell_.quit_status());
  if (!paused) return;
  // The program stops too: the paused backward is aborted and the
  // interpreter interrupted at its next step; the shell leaves after it.
  shell_.interpreter().request_interrupt();
  resume(debug::Resume{debug::Resume::Kind::Abort, 1});
}

void ShellDebugUI::on_program_breakpoint(const lang::Span& where) {
  in_forward_breakpoint_ = true;
  shell_.out(fmt::format("Paused at breakpoint() — {}\n", position_text(where)));
  shell_.set_exec_frame(shell_.interpreter().current_frame());
  show_displays();
  // Ctrl-C drops the line typed, as at pdb's prompt (:abort stops the program).
  Shell::NestedEnd end = shell_.run_nested("(breakpoint) ", source_interactive());
  shell_.set_exec_frame(nullptr);
  in_forward_breakpoint_ = false;
  if (end == Shell::NestedEnd::Interrupted) shell_.interpreter().request_interrupt();
  if (end == Shell::NestedEnd::EndOfInput && shell_.source() && shell_.source()->interactive())
    shell_.out("(Ctrl-D: the program goes on; :quit leaves)\n");
}

bool ShellDebugUI::source_interactive() const { return shell_.source() && shell_.source()->interactive(); }

void ShellDebugUI::log(const std::string& line) { shell_.err(line + "\n"); }

}  // namespace backstep::repl
