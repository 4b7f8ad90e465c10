// :display EXPR (gdb's and pdb's): expressions re-evaluated and shown at
// every pause; :display alone lists them, :undisplay N drops one.
#include "engine/runtime/py_ops.h"
#include "repl/prompt_eval.h"
#include "repl/debug_ui.h"

#include <fmt/format.h>

namespace backstep::repl {

void ShellDebugUI::show_displays() {
  rt::Interpreter& in = shell_.interpreter();
  std::string out;
  for (const auto& d : displays_) {
    std::string value;
    try {
      value = rt::repr(in, eval_at_prompt(shell_, d.expression, "<display>"));
    } catch (const std::exception& e) {
      std::string_view what = e.what();
      value = "<" + printable(what.substr(0, what.find('\n'))) + ">";
    }
    out += fmt::format("{}: {} = {}\n", d.number, d.expression, value);
  }
  shell_.out(out);
}

namespace {

void cmd_display(Shell& shell, const std::string& args) {
  ShellDebugUI& u = attach_debugger(shell);
  if (args.empty()) {
    if (u.displays().empty()) {
      shell.out("No displays.\n");
    } else if (u.pause() || u.paused_in_forward()) {
      u.show_displays();
    } else {  // nothing to evaluate them in yet: list them
      for (const auto& d : u.displays()) shell.out(fmt::format("{}: {}\n", d.number, d.expression));
    }
    return;
  }
  if (auto diag = shell.interpreter().check_syntax("(" + args + "\n)"))
    throw CommandError(fmt::format("'{}' does not parse: {}", printable(args), diag->message));
  u.displays().push_back({u.next_display_number(), args});
  if (u.pause() || u.paused_in_forward()) {  // shown at once, as gdb does
    std::vector<ShellDebugUI::Display> all = std::move(u.displays());
    u.displays() = {all.back()};
    u.show_displays();
    u.displays() = std::move(all);
  } else {
    shell.out(fmt::format("{}: {} (shown at every pause)\n", u.displays().back().number, args));
  }
}

void cmd_undisplay(Shell& shell, const std::string& args) {
  ShellDebugUI& u = attach_debugger(shell);
  auto& ds = u.displays();
  if (args.empty()) {
    ds.clear();
    shell.out("Deleted all displays.\n");
    return;
  }
  int n = -1;
  try {
    n = std::stoi(args);
  } catch (const std::exception&) {
    throw CommandError("usage: :undisplay [N]");
  }
  for (auto it = ds.begin(); it != ds.end(); ++it)
    if (it->number == n) {
      ds.erase(it);
      shell.out(fmt::format("Deleted display {}\n", n));
      return;
    }
  throw CommandError(fmt::format("no display {}", n));
}

}  // namespace

void register_display_commands(CommandTable& table) {
  table.add({"display", "[EXPR]", "show EXPR at every pause (no EXPR: show them all now)", ArgKind::Expression, {},
             cmd_display,
             "Evaluated where the pause is: at a backward node, `node` and `grad_outputs`\n"
             "are defined. :undisplay N drops one."});
  table.add({"undisplay", "[N]", "stop showing display N (all without N)", ArgKind::None, {}, cmd_undisplay});
}

}  // namespace backstep::repl
