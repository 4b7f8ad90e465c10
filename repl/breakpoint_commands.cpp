// Breakpoint management as in pdb and gdb: :tbreak, :condition, :ignore,
// :disable, :enable, :delete (several, or all), and :info, whose
// `breakpoints` subject is the :breakpoints listing with hit counts. Setting
// and checking breakpoints is :break's (debug_commands.cpp).
#include "repl/debug_ui.h"

#include <fmt/format.h>

#include <sstream>

namespace backstep::repl {

// ", disabled", ", temporary", ", ignores the next 2 hits": what a listing
// adds after a breakpoint's hit count.
std::string breakpoint_state_text(const debug::Breakpoint& b) {
  std::string out;
  if (!b.enabled) out += ", disabled";
  if (b.temporary) out += ", temporary";
  if (b.ignore > 0) out += fmt::format(", ignores the next {} hit{}", b.ignore, b.ignore == 1 ? "" : "s");
  return out;
}

namespace {

debug::Debugger& debugger_of(Shell& shell) { return attach_debugger(shell).debugger(); }

int number_arg(const std::string& word, const char* usage) {
  std::string w = !word.empty() && word[0] == '#' ? word.substr(1) : word;
  try {
    size_t used = 0;
    int n = std::stoi(w, &used);
    if (used == w.size() && n >= 0) return n;
  } catch (const std::exception&) {
  }
  throw CommandError(fmt::format("'{}' is not a breakpoint number (usage: {})", printable(word), usage));
}

debug::Breakpoint& breakpoint_arg(Shell& shell, const std::string& word, const char* usage) {
  int n = number_arg(word, usage);
  debug::Breakpoint* b = debugger_of(shell).find_breakpoint(n);
  if (!b) throw CommandError(fmt::format("no breakpoint {} (:info breakpoints lists them)", n));
  return *b;
}

std::vector<std::string> words_of(const std::string& args) {
  std::vector<std::string> words;
  std::istringstream in(args);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// The first word, and the rest of the line as typed.
std::pair<std::string, std::string> first_and_rest(const std::string& args) {
  size_t cut = args.find_first_of(" \t");
  if (cut == std::string::npos) return {args, ""};
  size_t rest = args.find_first_not_of(" \t", cut);
  return {args.substr(0, cut), rest == std::string::npos ? "" : args.substr(rest)};
}

void cmd_tbreak(Shell& shell, const std::string& args) {
  const Command* brk = shell.commands().find_exact("break");
  if (!brk) throw CommandError("no :break command");
  debug::Debugger& d = debugger_of(shell);
  int before = 0;
  for (const auto& b : d.breakpoints()) before = std::max(before, b.number);
  auto run = brk->run;
  run(shell, args);  // :break's checks and message; throws when refused
  for (const auto& b : d.breakpoints())
    if (b.number > before) {
      d.find_breakpoint(b.number)->temporary = true;
      shell.out(fmt::format("  (temporary: deleted when it is first hit)\n"));
    }
}

void cmd_condition(Shell& shell, const std::string& args) {
  auto [number, expr] = first_and_rest(args);
  if (number.empty()) throw CommandError("usage: :condition N [EXPR]");
  debug::Breakpoint& b = breakpoint_arg(shell, number, ":condition N [EXPR]");
  if (expr.empty()) {
    b.condition.clear();
    shell.out(fmt::format("Breakpoint {} is now unconditional.\n", b.number));
    return;
  }
  if (auto diag = shell.interpreter().check_syntax("(" + expr + "\n)"))
    throw CommandError(fmt::format("the condition '{}' does not parse: {}", printable(expr), diag->message));
  b.condition = expr;
  shell.out(fmt::format("Breakpoint {} now pauses only when {}\n", b.number, expr));
}

void cmd_ignore(Shell& shell, const std::string& args) {
  std::vector<std::string> w = words_of(args);
  if (w.size() != 2) throw CommandError("usage: :ignore N COUNT");
  debug::Breakpoint& b = breakpoint_arg(shell, w[0], ":ignore N COUNT");
  int count = -1;
  try {
    size_t used = 0;
    count = std::stoi(w[1], &used);
    if (used != w[1].size()) count = -1;
  } catch (const std::exception&) {
  }
  if (count < 0) throw CommandError(fmt::format("'{}' is not a count (usage: :ignore N COUNT)", printable(w[1])));
  b.ignore = count;
  if (count == 0) shell.out(fmt::format("Breakpoint {} will pause at its next hit.\n", b.number));
  else shell.out(fmt::format("Breakpoint {} will not pause for its next {} hit{}.\n", b.number, count, count == 1 ? "" : "s"));
}

void set_enabled(Shell& shell, const std::string& args, bool on) {
  debug::Debugger& d = debugger_of(shell);
  std::vector<int> numbers;
  for (const auto& w : words_of(args)) numbers.push_back(breakpoint_arg(shell, w, on ? ":enable [N...]" : ":disable [N...]").number);
  if (numbers.empty())
    for (const auto& b : d.breakpoints()) numbers.push_back(b.number);
  if (numbers.empty()) throw CommandError("there are no breakpoints");
  for (int n : numbers) {
    d.find_breakpoint(n)->enabled = on;
    shell.out(fmt::format("{} breakpoint {}\n", on ? "Enabled" : "Disabled", n));
  }
}

void cmd_enable(Shell& shell, const std::string& args) { set_enabled(shell, args, true); }
void cmd_disable(Shell& shell, const std::string& args) { set_enabled(shell, args, false); }

void cmd_delete(Shell& shell, const std::string& args) {
  debug::Debugger& d = debugger_of(shell);
  std::vector<int> numbers;
  for (const auto& w : words_of(args)) numbers.push_back(breakpoint_arg(shell, w, ":delete [N...]").number);
  if (numbers.empty()) {
    if (d.breakpoints().empty()) throw CommandError("there are no breakpoints");
    if (!shell.confirm("Delete all breakpoints?")) return;
    for (const auto& b : d.breakpoints()) numbers.push_back(b.number);
  }
  for (int n : numbers) {
    d.delete_breakpoint(n);
    shell.out(fmt::format("Deleted breakpoint {}\n", n));
  }
}

// :info SUBJECT. Each subject runs the command that lists it.
struct InfoSubject {
  const char* name;
  const char* command;
};
const InfoSubject kInfoSubjects[] = {
    {"breakpoints", "breakpoints"},
    {"display", "display"},
};

void cmd_info(Shell& shell, const std::string& args) {
  std::string subjects;
  for (const auto& s : kInfoSubjects) subjects += (subjects.empty() ? "" : ", ") + std::string(s.name);
  std::string word = first_and_rest(args).first;
  if (word.empty()) throw CommandError("info about what? " + subjects);
  for (const auto& s : kInfoSubjects) {
    if (std::string_view(s.name).substr(0, word.size()) != word) continue;  // `info b` is `info breakpoints`
    const Command* c = shell.commands().find_exact(s.command);
    if (!c) break;
    auto run = c->run;
    run(shell, "");
    return;
  }
  throw CommandError(fmt::format("no info about '{}' (there is: {})", printable(word), subjects));
}

}  // namespace

void register_breakpoint_commands(CommandTable& table) {
  table.add({"tbreak", "SPEC [if EXPR]", "a breakpoint that is deleted when first hit", ArgKind::Breakpoint, {},
             cmd_tbreak, "Takes what :break takes (:help break)."});
  table.add({"condition", "N [EXPR]", "pause at breakpoint N only when EXPR is true (no EXPR: always)",
             ArgKind::Expression, {}, cmd_condition,
             "EXPR sees `node`, `grad_outputs` (and `grad_inputs` after a node ran) and the\n"
             "program's globals. An EXPR that does not parse is refused at once."});
  table.add({"ignore", "N COUNT", "let breakpoint N's next COUNT hits pass without pausing", ArgKind::None, {},
             cmd_ignore, "Ignored hits still count in :info breakpoints."});
  table.add({"disable", "[N...]", "switch breakpoints off (all without N)", ArgKind::None, {}, cmd_disable});
  table.add({"enable", "[N...]", "switch breakpoints back on (all without N)", ArgKind::None, {}, cmd_enable});
  table.add({"delete", "[N...]", "delete breakpoints (all without N, after asking)", ArgKind::None, {}, cmd_delete});
  table.add({"info", "breakpoints|display", "the breakpoints with their hit counts, or the displays", ArgKind::None,
             {}, cmd_info, "`:info b` is enough.", {"breakpoints", "display"}});
}

}  // namespace backstep::repl
