// Frames at a pause, as pdb and gdb have them: :bt (the stack: the
// forward's frames, or the calls that created the paused node), :up,
// :down, :frame N (select one: the prompt's input then runs in its
// variables), :list (source around the selected frame; :list N,M), :p and
// :pp (print an expression's value in the selected frame), :next (pdb's
// `next` at a forward pause).
#include "repl/debug_format.h"
#include "repl/debug_ui.h"
#include "repl/prompt_eval.h"

#include "engine/debug/forward.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::repl {

namespace {

const std::vector<debug::StackFrame>& stack_or_fail(ShellDebugUI& u) {
  const auto& frames = u.stack();
  if (frames.empty())
    throw CommandError("no frames: nothing is paused (use :break FILE:LINE, breakpoint() or :step)");
  return frames;
}

std::string frame_line(const debug::StackFrame& f, size_t i, bool selected) {
  std::string kept = f.frame ? "" : "  (variables not kept)";
  return fmt::format("{} #{:<2} {} — {}{}\n", selected ? ">" : " ", i, f.function, position_text(f.span), kept);
}

void cmd_bt(Shell& shell, const std::string&) {
  ShellDebugUI& u = attach_debugger(shell);
  const auto& frames = stack_or_fail(u);
  // Paused in code a backward's node runs (a custom Function's backward):
  // the node stands between the backward's frames and the line that
  // called the backward.
  const auto& context = u.debugger().forward().node_context();
  bool in_node = context.run && !u.pause();
  auto node_line = [&] {
    in_node = false;
    return fmt::format("      run by {} [node {} of {}]\n", u.node_header(*context.run, context.record),
                       context.record + 1, context.run->expected);
  };
  std::string out;
  for (size_t i = 0; i < frames.size(); ++i) {
    if (in_node && i > 0 && frames[i].frame == context.caller) out += node_line();
    out += frame_line(frames[i], i, i == u.selected_frame());
  }
  if (in_node) out += node_line();  // a backward called from no script frame
  shell.out(out);
}

long count_of(const std::string& args, const char* what) {
  if (args.empty()) return 1;
  try {
    size_t used = 0;
    long n = std::stol(args, &used);
    if (used == args.size() && n >= 0) return n;
  } catch (const std::exception&) {
  }
  throw CommandError(fmt::format("expected a number of {}", what));
}

void select(Shell& shell, long target) {
  ShellDebugUI& u = attach_debugger(shell);
  const auto& frames = stack_or_fail(u);
  if (target < 0) throw CommandError("already at the innermost frame");
  if (target >= static_cast<long>(frames.size())) throw CommandError("already at the outermost frame");
  u.select_frame(static_cast<size_t>(target));
  shell.out(frame_line(frames[u.selected_frame()], u.selected_frame(), true));
}

void cmd_up(Shell& shell, const std::string& args) {
  long n = count_of(args, "frames");
  select(shell, static_cast<long>(attach_debugger(shell).selected_frame()) + n);
}

void cmd_down(Shell& shell, const std::string& args) {
  long n = count_of(args, "frames");
  select(shell, static_cast<long>(attach_debugger(shell).selected_frame()) - n);
}

void cmd_frame(Shell& shell, const std::string& args) {
  if (args.empty()) throw CommandError("usage: :frame N (a number :bt shows)");
  select(shell, count_of(args, "frames"));
}

// "N,M", "N" -> a line range.
std::pair<uint32_t, uint32_t> line_range(const std::string& args) {
  size_t comma = args.find(',');
  try {
    size_t used = 0;
    long first = std::stol(args.substr(0, comma), &used);
    long last = first;
    if (comma != std::string::npos) last = std::stol(args.substr(comma + 1));
    if (first >= 1 && last >= first) return {static_cast<uint32_t>(first), static_cast<uint32_t>(last)};
  } catch (const std::exception&) {
  }
  throw CommandError("usage: :list [N | N,M] (line numbers, N <= M)");
}

std::string lines_of(const lang::SourceFile& file, uint32_t first, uint32_t last, uint32_t current) {
  std::string out;
  last = std::min<uint32_t>(last, static_cast<uint32_t>(file.line_count()));
  for (uint32_t l = first; l <= last; ++l)
    out += fmt::format("{} {:>4}  {}\n", l == current ? "->" : "  ", l, file.line(l));
  if (out.empty()) throw CommandError(fmt::format("{} has {} lines", file.name(), file.line_count()));
  return out;
}

std::function<void(Shell&, const std::string&)> fallback_list;  // the node-listing :list, for a pause without frames
std::function<void(Shell&, const std::string&)> backward_where;  // :where at a backward pause

void cmd_list(Shell& shell, const std::string& args) {
  ShellDebugUI& u = attach_debugger(shell);
  const auto& frames = u.stack();
  if (frames.empty()) {
    if (!fallback_list) throw CommandError("no frames: nothing is paused");
    fallback_list(shell, args);
    return;
  }
  const lang::Span& at = frames[u.selected_frame()].span;
  const lang::SourceFile* file = lang::source_of(at);
  if (!file) throw CommandError("no source for this frame");
  if (args.empty()) {  // pdb's 11 lines in the forward; a node's 7 (as before frames) in a backward
    uint32_t context = u.pause() ? 3 : 5;
    uint32_t first = at.line > context ? at.line - context : 1;
    shell.out(lines_of(*file, first, at.line + context, at.line));
    return;
  }
  auto [first, last] = line_range(args);
  if (args.find(',') == std::string::npos) {  // ":list N": around N
    first = first > 5 ? first - 5 : 1;
    last += 5;
  }
  shell.out(lines_of(*file, first, last, at.line));
}

// "NameError: name 'h' is not defined", a command's error line.
CommandError error_of(rt::Interpreter& in, const rt::ScriptError& e) {
  std::string line = in.exception_line(*e.exception());
  if (!line.empty() && line.back() == '\n') line.pop_back();
  return CommandError(line);
}

rt::Value evaluate(Shell& shell, const std::string& expr) {
  if (expr.empty()) throw CommandError("usage: :p EXPR");
  attach_debugger(shell);
  try {
    return eval_at_prompt(shell, expr, "<:p>");
  } catch (const rt::ScriptError& e) {
    throw error_of(shell.interpreter(), e);
  }
}

void cmd_p(Shell& shell, const std::string& args) {
  rt::Value v = evaluate(shell, args);
  try {
    shell.out(rt::repr(shell.interpreter(), v) + "\n");
  } catch (const rt::ScriptError& e) {  // a __repr__ that raises
    throw error_of(shell.interpreter(), e);
  }
}

// pprint.pformat's text (width 80, dict keys sorted, nested containers
// wrapped), as pdb's pp prints it.
void cmd_pp(Shell& shell, const std::string& args) {
  rt::Interpreter& in = shell.interpreter();
  rt::Value v = evaluate(shell, args);
  try {
    rt::Value pformat = rt::get_attr(in, in.import_module("pprint"), "pformat");
    shell.out(rt::str(in, in.call(pformat, {v})) + "\n");
  } catch (const rt::ScriptError& e) {  // a __repr__ that raises
    throw error_of(in, e);
  }
}

// :where at a forward pause is :bt (there is no node); at a backward pause
// it is the node's own account.
void cmd_where(Shell& shell, const std::string& args) {
  ShellDebugUI& u = attach_debugger(shell);
  if ((u.paused_in_forward() && !u.pause()) || !backward_where) {
    cmd_bt(shell, args);
    return;
  }
  backward_where(shell, args);
}

// :watch NAME: a tensor by the name it has where the prompt evaluates.
void cmd_watch(Shell& shell, const std::string& args) {
  if (args.empty()) throw CommandError("usage: :watch NAME (a tensor variable)");
  rt::Value v = evaluate(shell, args);
  if (!v.is_tensor()) throw CommandError(fmt::format("{} is not a tensor", args));
  ShellDebugUI& u = attach_debugger(shell);
  const debug::Breakpoint& b = u.debugger().forward().watch(args, v.as_tensor());
  auto node = b.node_id >= 0 ? u.debugger().ids().node(b.node_id) : nullptr;
  std::string grad = node ? fmt::format("pauses before #{} {}, which receives its gradient", b.node_id,
                                        debug::unqualified_node_name(node->name()))
                          : "it does not require grad: no backward pause";
  shell.out(fmt::format("Breakpoint {}: watch {} ({}; and at the line after one that modifies it in place)\n", b.number,
                        args, grad));
}

void cmd_next(Shell& shell, const std::string& args) {
  ShellDebugUI& u = attach_debugger(shell);
  long n = count_of(args, "steps");
  if (u.paused_in_forward() && !u.pause()) {
    u.resume(debug::Resume{debug::Resume::Kind::Next, 1});
  } else if (u.pause()) {  // the next node; over a custom Function's backward (:step enters it)
    u.resume(debug::Resume{debug::Resume::Kind::Next, static_cast<int>(std::max(1L, n))});
  } else {
    throw CommandError("nothing to step: the program is not paused");
  }
}

// :pm, pdb.pm(): after an uncaught exception at the shell's prompt, its
// frames, until :continue (or Ctrl-D) goes back to the prompt.
void cmd_pm(Shell& shell, const std::string&) {
  ShellDebugUI& u = attach_debugger(shell);
  if (u.pause() || u.paused_in_forward()) throw CommandError("the program is paused here: :bt shows its frames");
  if (!u.debugger().forward().post_mortem_last())
    throw CommandError("no traceback to open: no statement has failed yet");
}

}  // namespace

void register_frame_commands(CommandTable& table) {
  if (const Command* old = table.find("list")) fallback_list = old->run;
  if (const Command* old = table.find("where")) {
    backward_where = old->run;
    Command where = *old;
    where.run = cmd_where;
    table.add(where);
  }
  table.add({"bt", "", "the stack: the forward's frames, or the calls that created the node", ArgKind::None, {}, cmd_bt});
  table.add({"up", "[N]", "select the frame N calls out (its variables become the prompt's)", ArgKind::None, {"u"}, cmd_up});
  table.add({"down", "[N]", "select the frame N calls in", ArgKind::None, {}, cmd_down});
  table.add({"frame", "N", "select frame N of :bt", ArgKind::None, {}, cmd_frame});
  table.add({"list", "[N | N,M]", "the source around the selected frame (or lines N to M)", ArgKind::None, {"l"}, cmd_list});
  table.add({"p", "EXPR", "print an expression's value in the selected frame", ArgKind::Expression, {}, cmd_p});
  table.add({"pp", "EXPR", "pretty-print an expression's value as pprint does", ArgKind::Expression, {},
             cmd_pp});
  table.add({"pm", "", "open the frames of the last uncaught exception (pdb.pm()); :continue leaves",
             ArgKind::None, {}, cmd_pm});
  table.add({"watch", "NAME", "pause where a tensor's gradient arrives, and when it is modified in place",
             ArgKind::Expression, {}, cmd_watch});
  table.add({"next", "", "forward: the next line of this function; backward: the next node, over a Function's backward", ArgKind::None, {"n"},
             cmd_next,
             "At a forward pause, runs to the next line of the same function (calls run\n"
             "through, as pdb's n). At a backward pause it runs to the next node in engine\n"
             "order, as :step does, but before a custom autograd.Function's node it runs\n"
             "the Function's backward through instead of pausing in it."});
}

}  // namespace backstep::repl
