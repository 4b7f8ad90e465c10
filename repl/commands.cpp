#include "repl/commands.h"
#include "repl/debug_ui.h"

#include "repl/shell.h"
#include "repl/source_file.h"

#include <algorithm>

namespace backstep::repl {

void CommandTable::add(Command c) {
  for (auto& existing : commands_) {
    if (existing.name == c.name) {
      existing = std::move(c);
      return;
    }
  }
  commands_.push_back(std::move(c));
}

const Command* CommandTable::find_exact(std::string_view name) const {
  for (const auto& c : commands_) {
    if (c.name == name) return &c;
    if (std::find(c.aliases.begin(), c.aliases.end(), name) != c.aliases.end()) return &c;
  }
  for (const auto& a : fixed_aliases()) {
    if (name != a.alias) continue;
    for (const char* target : a.targets)
      for (const auto& c : commands_)
        if (c.name == target) return &c;
  }
  return nullptr;
}

const Command* CommandTable::find(std::string_view name, std::string* error) const {
  if (const Command* c = find_exact(name)) return c;
  std::vector<const Command*> matches;
  for (const auto& c : commands_) {
    if (!name.empty() && c.name.compare(0, name.size(), name) == 0) matches.push_back(&c);
  }
  if (matches.size() == 1) return matches[0];
  if (error) {
    if (matches.empty()) {
      *error = "unknown command ':" + printable(name) + "' (:help lists the commands)";
    } else {
      *error = "ambiguous command ':" + printable(name) + "' (could be";
      for (size_t i = 0; i < matches.size(); ++i)
        *error += (i ? ", :" : " :") + matches[i]->name;
      *error += ")";
    }
  }
  return nullptr;
}

std::vector<std::string> CommandTable::aliases_of(const Command& c) const {
  std::vector<std::string> out = c.aliases;
  for (const auto& a : fixed_aliases())
    if (find_exact(a.alias) == &c && std::find(out.begin(), out.end(), a.alias) == out.end()) out.push_back(a.alias);
  return out;
}

const std::vector<FixedAlias>& fixed_aliases() {
  // pdb's and gdb's spellings. `d` stays :delete (gdb), as it always was here.
  static const std::vector<FixedAlias> aliases = {
      {"h", {"help"}},        {"?", {"help"}},         {"s", {"step"}},         {"n", {"next"}},
      {"c", {"continue"}},    {"cont", {"continue"}},  {"b", {"break"}},        {"tb", {"tbreak"}},
      {"d", {"delete"}},      {"w", {"where"}},        {"bt", {"backtrace", "where"}},
      {"u", {"up"}},          {"l", {"list"}},         {"g", {"grads"}},        {"i", {"info"}},
      {"q", {"quit"}},        {"exit", {"quit"}},      {"r", {"run"}},          {"fin", {"finish"}},
  };
  return aliases;
}

std::string printable(std::string_view text) {
  std::string out;
  for (unsigned char ch : text) {
    if (ch == 0x1b) out += "^[";
    else if (ch < 0x20 && ch != '\t') out += "^" + std::string(1, static_cast<char>(ch + 64));
    else if (ch == 0x7f) out += "^?";
    else out += static_cast<char>(ch);
  }
  return out;
}

std::vector<std::string> CommandTable::names_with_prefix(std::string_view prefix) const {
  std::vector<std::string> names;
  for (const auto& c : commands_) {
    if (c.name.compare(0, prefix.size(), prefix) == 0) names.push_back(c.name);
  }
  return names;
}

CommandLine split_command_line(std::string_view line) {
  auto trim = [](std::string_view s) {
    size_t b = s.find_first_not_of(" \t");
    if (b == std::string_view::npos) return std::string_view();
    size_t e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
  };
  line = trim(line);
  if (!line.empty() && line[0] == ':') line.remove_prefix(1);
  size_t space = line.find_first_of(" \t");
  CommandLine cl;
  cl.name = std::string(line.substr(0, space));
  if (space != std::string_view::npos) cl.args = std::string(trim(line.substr(space)));
  return cl;
}

std::string unquote(std::string_view arg) {
  if (arg.size() >= 2 && (arg.front() == '"' || arg.front() == '\'') && arg.back() == arg.front())
    arg = arg.substr(1, arg.size() - 2);
  return std::string(arg);
}

namespace {

std::string usage_of(const Command& c) { return ":" + c.name + (c.args.empty() ? "" : " " + c.args); }

void help_for(Shell& shell, const std::string& name) {
  std::string error;
  const Command* c = shell.commands().find(name, &error);
  if (!c) throw CommandError(error);
  std::string text = usage_of(*c) + "\n    " + c->summary + "\n";
  if (!c->details.empty()) {
    // Each line of the details indented as the summary is.
    size_t pos = 0;
    while (pos < c->details.size()) {
      size_t nl = c->details.find('\n', pos);
      std::string_view line = std::string_view(c->details).substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
      text += line.empty() ? "\n" : "    " + std::string(line) + "\n";
      if (nl == std::string::npos) break;
      pos = nl + 1;
    }
  }
  std::vector<std::string> aliases = shell.commands().aliases_of(*c);
  if (!aliases.empty()) {
    text += "    aliases:";
    for (const auto& a : aliases) text += " :" + a;
    text += "\n";
  }
  shell.out(text);
}

void print_help(Shell& shell, const std::string& args) {
  const CommandTable& table = shell.commands();
  if (!args.empty()) {  // ":help load": one command
    help_for(shell, split_command_line(args).name);
    return;
  }
  std::string text = shell.style().heading("Commands") + " (a unique prefix will do: :br FILE:LINE)\n";
  // Usages longer than the column (":render [EXPR] [-o FILE] ...") get a
  // line of their own, so one long command does not push every summary off
  // an 80-column terminal.
  constexpr size_t kColumn = 24;
  for (const auto& c : table.all()) {
    std::string usage = usage_of(c);
    if (usage.size() < kColumn) text += "  " + usage + std::string(kColumn - usage.size(), ' ') + c.summary + "\n";
    else text += "  " + usage + "\n  " + std::string(kColumn, ' ') + c.summary + "\n";
  }
  std::string aliases;
  for (const auto& c : table.all())
    for (const auto& a : table.aliases_of(c)) aliases += (aliases.empty() ? "" : ", ") + (":" + a + " " + c.name);
  text += "Aliases: " + aliases + "\n";
  text +=
      "At a paused prompt the colon may be left out (c, n, s, where, help; !EXPR is\n"
      "always Python). :help COMMAND explains one command.\n"
      "Anything else is Python: statements run, expression values are printed.\n"
      "A block (def, for, if, ...) ends with a blank line; a pasted block runs whole.\n"
      "Ctrl-C interrupts, Ctrl-D or :quit leaves.\n";
  shell.out(text);
}

void load(Shell& shell, const std::string& args) {
  if (args.empty()) throw CommandError("usage: :load FILE");
  std::string path = unquote(args);
  SourceText source = read_source_file(path);
  if (!source.ok()) throw CommandError(source.error);
  shell.execute(path, std::move(source.text), rt::Interpreter::Mode::File);
}

}  // namespace

void register_basic_commands(CommandTable& table) {
  table.add({"help", "[COMMAND]", "list the commands, or explain one", ArgKind::None, {}, print_help,
             "`:help step` shows a command's usage, what it does and its aliases."});
  table.add({"load", "FILE", "run a program in this session (its names stay defined)",
             ArgKind::File, {}, load});
}

void register_all_commands(CommandTable& table) {
  register_basic_commands(table);
  register_debugger_commands(table);
  register_flow_commands(table);
  register_breakpoint_commands(table);
  register_display_commands(table);
}

}  // namespace backstep::repl
