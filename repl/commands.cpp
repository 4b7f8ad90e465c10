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

const Command* CommandTable::find(std::string_view name, std::string* error) const {
  for (const auto& c : commands_) {
    if (c.name == name) return &c;
    if (std::find(c.aliases.begin(), c.aliases.end(), name) != c.aliases.end()) return &c;
  }
  std::vector<const Command*> matches;
  for (const auto& c : commands_) {
    if (!name.empty() && c.name.compare(0, name.size(), name) == 0) matches.push_back(&c);
  }
  if (matches.size() == 1) return matches[0];
  if (error) {
    if (matches.empty()) {
      *error = "unknown command ':" + std::string(name) + "' (:help lists the commands)";
    } else {
      *error = "ambiguous command ':" + std::string(name) + "' (could be";
      for (size_t i = 0; i < matches.size(); ++i)
        *error += (i ? ", :" : " :") + matches[i]->name;
      *error += ")";
    }
  }
  return nullptr;
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

void print_help(Shell& shell, const std::string& args) {
  const CommandTable& table = shell.commands();
  if (!args.empty()) {  // ":help load": one command
    std::string error;
    const Command* c = table.find(split_command_line(args).name, &error);
    if (!c) throw CommandError(error);
    shell.out(":" + c->name + (c->args.empty() ? "" : " " + c->args) + "\n    " + c->summary +
              "\n");
    return;
  }
  std::string text = shell.style().heading("Commands") + " (a unique prefix will do: :l FILE)\n";
  // Usages longer than the column (":render [EXPR] [-o FILE] ...") get a
  // line of their own, so one long command does not push every summary off
  // an 80-column terminal.
  constexpr size_t kColumn = 24;
  for (const auto& c : table.all()) {
    std::string usage = ":" + c.name + (c.args.empty() ? "" : " " + c.args);
    if (usage.size() < kColumn) text += "  " + usage + std::string(kColumn - usage.size(), ' ') + c.summary + "\n";
    else text += "  " + usage + "\n  " + std::string(kColumn, ' ') + c.summary + "\n";
  }
  text +=
      "Anything else is Python: statements run, expression values are printed.\n"
      "A block (def, for, if, ...) ends with a blank line. Ctrl-C interrupts,\n"
      "Ctrl-D or :quit leaves.\n";
  shell.out(text);
}

void quit(Shell& shell, const std::string& args) {
  if (!args.empty()) throw CommandError("takes no arguments");
  shell.request_exit(0);
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
  table.add({"help", "[COMMAND]", "list the commands, or explain one", ArgKind::None, {"h", "?"},
             print_help});
  table.add({"load", "FILE", "run a program in this session (its names stay defined)",
             ArgKind::File, {"l"}, load});
  table.add({"quit", "", "leave the shell (as Ctrl-D)", ArgKind::None, {"q"}, quit});
}

void register_all_commands(CommandTable& table) {
  register_basic_commands(table);
  register_debugger_commands(table);
}

}  // namespace backstep::repl
