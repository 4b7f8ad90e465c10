#include "repl/completer.h"

#include "engine/debug/debugger.h"
#include "engine/debug/frames.h"
#include "engine/runtime/module.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"
#include "repl/commands.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>

namespace backstep::repl {
namespace {

bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  auto start = [](char c) { return c == '_' || std::isalpha(static_cast<unsigned char>(c)); };
  if (!start(s[0])) return false;
  for (char c : s)
    if (!start(c) && !std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// rlcompleter's rule: names starting with '_' only when the prefix asks for
// them ("x._" shows _version, "x.__" shows dunders).
bool offered(std::string_view name, std::string_view prefix) {
  if (name.compare(0, prefix.size(), prefix) != 0) return false;
  if (prefix.empty()) return name.empty() || name[0] != '_';
  if (prefix == "_") return name.compare(0, 2, "__") != 0;
  return true;
}

// A name's value where the prompt runs: the selected frame's variables,
// then its module's globals (at no pause: the running module's), then
// builtins.
std::optional<rt::Value> lookup_name(rt::Interpreter& in, const rt::Frame* frame, const std::string& name) {
  if (frame) {
    for (const auto& b : debug::frame_bindings(*frame))
      if (b.name == name) return b.value;
    if (frame->globals)
      if (auto v = frame->globals->get(name)) return v;
  }
  if (auto v = in.global(name)) return v;
  if (const rt::Value* b = in.builtin(name)) return *b;
  return std::nullopt;
}

// The value a dotted chain names, looking up only variables, builtins and
// attributes. Null when any link is missing or raises.
std::optional<rt::Value> resolve_chain(rt::Interpreter& in, const std::vector<std::string>& chain,
                                       const rt::Frame* frame) {
  try {
    std::optional<rt::Value> v = lookup_name(in, frame, chain[0]);
    for (size_t i = 1; i < chain.size() && v; ++i) v = rt::try_get_attr(in, *v, chain[i]);
    return v;
  } catch (...) {
    return std::nullopt;  // completion never reports errors
  }
}

std::vector<std::string> complete_attribute(rt::Interpreter& in,
                                            const std::vector<std::string>& chain,
                                            const std::string& prefix, const rt::Frame* frame) {
  std::optional<rt::Value> target = resolve_chain(in, chain, frame);
  if (!target) return {};
  std::vector<std::string> names;
  try {
    names = rt::attr_names(in, *target);
  } catch (...) {
    return {};
  }
  std::string head;
  for (const auto& link : chain) head += link + ".";
  std::set<std::string> result;
  for (const auto& n : names)
    if (offered(n, prefix)) result.insert(head + n);
  return {result.begin(), result.end()};
}

std::vector<std::string> complete_name(rt::Interpreter& in, const std::string& prefix, const rt::Frame* frame) {
  std::set<std::string> result;
  auto add_all = [&](const std::vector<std::string>& names) {
    for (const auto& n : names)
      if (offered(n, prefix)) result.insert(n);
  };
  add_all(python_keywords());
  try {
    if (frame) {
      for (const auto& b : debug::frame_bindings(*frame))
        if (offered(b.name, prefix)) result.insert(b.name);
      if (frame->globals) add_all(frame->globals->bound_names());
    }
    add_all(in.global_names());
    add_all(in.builtin_names());
  } catch (...) {
  }
  return {result.begin(), result.end()};
}

}  // namespace

const std::vector<std::string>& python_keywords() {
  static const std::vector<std::string> k = {
      "False", "None",   "True",    "and",      "as",     "assert", "break",
      "class", "continue", "def",   "del",      "elif",   "else",   "except",
      "finally", "for",  "from",    "global",   "if",     "import", "in",
      "is",    "lambda", "nonlocal", "not",     "or",     "pass",   "raise",
      "return", "try",   "while",   "with"};
  return k;
}

bool split_dotted_word(std::string_view word, std::vector<std::string>& chain,
                       std::string& prefix) {
  chain.clear();
  size_t last_dot = word.rfind('.');
  if (last_dot == std::string_view::npos) {
    prefix = std::string(word);
    return word.empty() || is_identifier(word);
  }
  prefix = std::string(word.substr(last_dot + 1));
  if (!prefix.empty() && !is_identifier(prefix)) return false;
  std::string_view head = word.substr(0, last_dot);
  size_t pos = 0;
  for (;;) {
    size_t dot = head.find('.', pos);
    std::string_view link = head.substr(pos, dot == std::string_view::npos ? dot : dot - pos);
    if (!is_identifier(link)) return false;
    chain.emplace_back(link);
    if (dot == std::string_view::npos) return true;
    pos = dot + 1;
  }
}

std::vector<std::string> complete_python_word(rt::Interpreter& in, std::string_view word, const rt::Frame* frame) {
  std::vector<std::string> chain;
  std::string prefix;
  if (!split_dotted_word(word, chain, prefix)) return {};
  if (chain.empty()) return complete_name(in, prefix, frame);
  return complete_attribute(in, chain, prefix, frame);
}

std::vector<std::string> node_type_names(rt::Interpreter& in) {
  std::set<std::string> names;
  try {
    for (const auto& run : debug::debugger(in).runs())
      for (const auto& n : run->names)
        if (!n.empty() && n.find("Backward") != std::string::npos) names.insert(n);
    // The graphs behind the globals, walked up to a bound (completion must
    // answer at once, whatever the graph's size).
    constexpr size_t kMaxNodes = 20000;
    std::vector<torch::autograd::Node*> stack;
    std::set<torch::autograd::Node*> seen;
    for (const auto& name : in.global_names()) {
      std::optional<rt::Value> v = in.global(name);
      if (!v || !v->is_tensor()) continue;
      if (auto fn = v->as_tensor().grad_fn()) stack.push_back(fn.get());
    }
    while (!stack.empty() && seen.size() < kMaxNodes) {
      torch::autograd::Node* n = stack.back();
      stack.pop_back();
      if (!seen.insert(n).second) continue;
      std::string name = n->name();
      if (name.find("::") == std::string::npos) names.insert(name);  // not AccumulateGrad's C++ name
      for (const auto& e : n->next_edges())
        if (e.function) stack.push_back(e.function.get());
    }
  } catch (...) {
  }
  return {names.begin(), names.end()};
}

namespace {

std::vector<std::string> with_prefix(const std::vector<std::string>& words, std::string_view prefix) {
  std::vector<std::string> out;
  for (const auto& w : words)
    if (w.compare(0, prefix.size(), prefix) == 0) out.push_back(w);
  return out;
}

// The files and folders whose path starts with `path` ("sub/prog_a" ->
// "sub/prog_abc.py"), folders with a '/' so that the next Tab goes in.
// Hidden names only when asked for (".b" -> ".backstep_history"), as bash.
std::vector<std::string> file_names(std::string_view path) {
  namespace fs = std::filesystem;
  size_t slash = path.rfind('/');
  std::string folder(slash == std::string_view::npos ? "" : path.substr(0, slash + 1));
  std::string base(slash == std::string_view::npos ? path : path.substr(slash + 1));
  std::string open = folder.empty() ? "." : folder;
  if (open.rfind("~/", 0) == 0)
    if (const char* home = std::getenv("HOME")) open = home + open.substr(1);
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(open, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.compare(0, base.size(), base) != 0) continue;
    if (name[0] == '.' && (base.empty() || base[0] != '.')) continue;
    std::error_code dir_ec;
    out.push_back(folder + name + (it->is_directory(dir_ec) ? "/" : ""));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A command's arguments: its options, then what its ArgKind offers.
// `arg` is the argument typed so far back to the last space ("--sa",
// "sub/prog_a"): libedit's word stops at '-' and '/' (Python's word
// breaks), so options and paths are matched against `arg`, and the part
// of it before libedit's `word` is cut from their completions.
Completions complete_arguments(rt::Interpreter& in, const Command& command, std::string_view word,
                               std::string_view arg, const rt::Frame* frame) {
  std::vector<std::string> whole = with_prefix(command.options, arg);
  if (command.arg_kind == ArgKind::File)
    for (auto& f : file_names(arg)) whole.push_back(std::move(f));
  size_t cut = arg.size() - std::min(arg.size(), word.size());
  Completions c;
  for (auto& w : whole) c.words.push_back(w.substr(std::min(cut, w.size())));
  if (!arg.empty() && arg[0] == '-') return c;  // an option: not Python
  if (command.arg_kind == ArgKind::Expression) {
    for (auto& w : complete_python_word(in, word, frame)) c.words.push_back(std::move(w));
  } else if (command.arg_kind == ArgKind::Breakpoint) {
    std::vector<std::string> targets = node_type_names(in);
    for (const char* k : {"nan", "inf", "module"}) targets.push_back(k);
    for (auto& w : with_prefix(targets, word)) c.words.push_back(std::move(w));
  }
  return c;
}

// Where the argument being completed starts: after the last blank before
// the cursor.
std::string_view argument_word(const std::string& line, size_t word_end) {
  size_t blank = line.find_last_of(" \t", word_end == 0 ? 0 : word_end - 1);
  size_t start = blank == std::string::npos ? 0 : blank + 1;
  return std::string_view(line).substr(start, word_end - start);
}

}  // namespace

Completions complete_shell_line(rt::Interpreter& in, const CommandTable& commands,
                                const std::string& line, size_t word_start, size_t word_end,
                                bool bare_commands, const rt::Frame* frame) {
  Completions c;
  std::string_view word = std::string_view(line).substr(word_start, word_end - word_start);
  size_t first = line.find_first_not_of(" \t");
  bool colon = first != std::string::npos && line[first] == ':';
  size_t name_start = colon ? first + 1 : first;
  size_t name_end = first == std::string::npos ? std::string::npos : line.find_first_of(" \t", first);
  bool in_first_word = first == std::string::npos || name_end == std::string::npos || word_start <= name_end;
  if (!colon) {
    if (bare_commands && !in_first_word) {  // `b Mul<TAB>` at a paused prompt
      if (const Command* command = commands.find_exact(line.substr(name_start, name_end - name_start)))
        return complete_arguments(in, *command, word, argument_word(line, word_end), frame);
    }
    c.words = complete_python_word(in, word, frame);
    if (bare_commands && in_first_word)
      for (auto& n : commands.names_with_prefix(word)) c.words.push_back(std::move(n));
    return c;
  }
  // A command: its name, or its arguments.
  if (in_first_word) {
    c.words = commands.names_with_prefix(word);
    return c;
  }
  const Command* command = commands.find(line.substr(first + 1, name_end - first - 1));
  if (!command || (command->arg_kind == ArgKind::None && command->options.empty())) return c;
  return complete_arguments(in, *command, word, argument_word(line, word_end), frame);
}

}  // namespace backstep::repl
