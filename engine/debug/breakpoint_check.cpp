#include "engine/debug/breakpoint_check.h"

#include "engine/autograd/saved_fields.h"
#include "engine/debug/debugger.h"
#include "engine/lang/lexer.h"
#include "engine/lang/parser.h"
#include "engine/runtime/suggestions.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace backstep::debug {

namespace {

// Node types libtorch makes that its generated list does not name.
const char* const kHandWrittenNodes[] = {"AccumulateGrad", "GraphRoot",     "CopySlices",           "CopyBackwards",
                                         "Error",          "DelayedError",  "UndefinedGradBackward", "UndefinedGrad",
                                         "NotImplemented", "Identity"};

std::vector<std::string> node_type_names() {
  std::vector<std::string> names(std::begin(kHandWrittenNodes), std::end(kHandWrittenNodes));
  for (auto n : autograd::known_node_types()) names.emplace_back(n);
  return names;
}

bool equal_ignoring_case(const std::string& a, const std::string& b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) { return std::tolower(x) == std::tolower(y); });
}

bool starts_ignoring_case(const std::string& s, const std::string& prefix) {
  return s.size() >= prefix.size() && equal_ignoring_case(s.substr(0, prefix.size()), prefix);
}

// "MulBackward0" for "mulbackward0" (case), "Mul" (a prefix: the
// operator's name), "MulBackwar0" (a typo).
std::string nearest_node_type(const std::string& wrong, const std::vector<std::string>& names) {
  for (const auto& n : names)
    if (equal_ignoring_case(n, wrong)) return n;
  for (const char* suffix : {"Backward0", "Backward1", "Backward"})
    for (const auto& n : names)
      if (equal_ignoring_case(n, wrong + suffix)) return n;
  if (auto close = rt::closest_name(wrong, names)) return *close;
  for (const auto& n : names)
    if (starts_ignoring_case(n, wrong)) return n;
  return "";
}

std::optional<std::string> read_text(const std::string& path) {
  if (const lang::SourceFile* src = lang::SourceRegistry::instance().find(path)) return src->text();
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The lines where code starts (a token other than layout), 1-based.
std::vector<bool> code_lines(const std::string& text, size_t* line_count) {
  uint32_t file = lang::SourceRegistry::instance().add("<breakpoint check>", text);
  *line_count = lang::SourceRegistry::instance().get(file)->line_count();
  std::vector<bool> code(*line_count + 2, false);
  auto tokens = lang::tokenize(file);
  if (!tokens.ok()) return code;
  for (const auto& t : tokens.value()) {
    if (t.kind == lang::Tok::Newline || t.kind == lang::Tok::Indent || t.kind == lang::Tok::Dedent ||
        t.kind == lang::Tok::End)
      continue;
    if (t.span.line < code.size()) code[t.span.line] = true;
  }
  return code;
}

int nearest_code_line(const std::vector<bool>& code, int line) {
  int n = static_cast<int>(code.size());
  for (int d = 0; d < n; ++d) {
    if (line + d < n && line + d >= 1 && code[line + d]) return line + d;
    if (line - d >= 1 && line - d < n && code[line - d]) return line - d;
  }
  return 0;
}

std::string check_condition(const std::string& condition) {
  if (condition.empty()) return "";
  uint32_t file = lang::SourceRegistry::instance().add("<breakpoint condition>", "(" + condition + "\n)\n");
  auto parsed = lang::parse_module(file);
  if (parsed.ok()) return "";
  return fmt::format("the condition does not parse: {} ({})", condition, parsed.error().message);
}

// A class defined in any source loaded so far: the program's own modules,
// and backstep's library (nn.Module's full backward hooks make
// BackwardHookFunctionBackward nodes from a Function class in pylib).
bool defines_class_in_loaded_source(const std::string& cls) {
  const auto& sources = lang::SourceRegistry::instance();
  for (uint32_t i = 1; const lang::SourceFile* f = sources.get(i); ++i)
    if (f->text().find("class " + cls + "(") != std::string::npos ||
        f->text().find("class " + cls + ":") != std::string::npos)
      return true;
  return false;
}

std::string check_node_name(Debugger& d, const Breakpoint& b) {
  std::vector<std::string> names = node_type_names();
  if (std::find(names.begin(), names.end(), b.name) != names.end()) return "";
  // An autograd.Function's node: its class name and "Backward".
  const std::string suffix = "Backward";
  if (b.name.size() > suffix.size() && b.name.compare(b.name.size() - suffix.size(), suffix.size(), suffix) == 0) {
    std::string cls = b.name.substr(0, b.name.size() - suffix.size());
    if (d.program().empty()) return "";
    if (auto text = read_text(d.program()); !text || text->find("class " + cls) != std::string::npos) return "";
    if (defines_class_in_loaded_source(cls)) return "";
  }
  std::string near = nearest_node_type(b.name, names);
  return near.empty() ? fmt::format("no such node type: {}", b.name)
                      : fmt::format("no such node type: {}; did you mean {}?", b.name, near);
}

std::string check_line(Debugger& d, Breakpoint& b) {
  const std::string& program = d.program();
  std::string path;
  if (b.file.empty()) {
    if (program.empty()) return "";  // the shell: any file's line, checked as nodes come
    path = program;
    b.file = program;
  } else if (!program.empty() && same_file(b.file, program)) {
    path = program;
  } else if (lang::SourceRegistry::instance().find(b.file) || std::ifstream(b.file)) {
    path = b.file;
  } else {
    return program.empty() ? fmt::format("no such file: {}", b.file)
                           : fmt::format("no such file: {} (the program is {})", b.file, program);
  }
  auto text = read_text(path);
  if (!text) return fmt::format("cannot read {}", path);
  size_t count = 0;
  std::vector<bool> code = code_lines(*text, &count);
  int nearest = nearest_code_line(code, static_cast<int>(std::min<size_t>(b.line, count)));
  std::string offer = nearest ? fmt::format("; the nearest line with code is {}:{}", path, nearest) : "";
  if (b.line > count) return fmt::format("line {} is beyond the end of {} ({} lines){}", b.line, path, count, offer);
  if (!code[b.line]) return fmt::format("line {} of {} has no code{}", b.line, path, offer);
  return "";
}

}  // namespace

BreakpointCheck check_breakpoint(Debugger& d, Breakpoint& b) {
  BreakpointCheck c;
  c.error = check_condition(b.condition);
  if (!c.error.empty()) return c;
  switch (b.kind) {
    case Breakpoint::Kind::NodeName: c.error = check_node_name(d, b); break;
    case Breakpoint::Kind::Line: c.error = check_line(d, b); break;
    case Breakpoint::Kind::Module: c.error = unknown_module_error(b); break;
    case Breakpoint::Kind::NodeId:
    case Breakpoint::Kind::Nan:
    case Breakpoint::Kind::Inf:
    case Breakpoint::Kind::Step: break;  // any step number can still come
  }
  if (!c.error.empty()) return c;
  b.pending = d.runs().empty() && !(b.kind == Breakpoint::Kind::Line && !b.file.empty());
  // `:breakpoints` shows which are pending; setting one says only what
  // was left unchecked.
  if (b.kind == Breakpoint::Kind::Line && b.file.empty()) c.note = "a line of any file the session runs";
  else if (b.kind == Breakpoint::Kind::Module && !autograd::any_module_known())
    c.note = "no module has been made yet: checked at the next backward";
  return c;
}

std::string set_breakpoint(Debugger& d, const std::string& spec, int* number, std::string* note) {
  ParsedBreakpoint p = parse_breakpoint(spec);
  if (!p.breakpoint) return p.error;
  BreakpointCheck c = check_breakpoint(d, *p.breakpoint);
  if (!c.error.empty()) return c.error;
  const Breakpoint& b = d.add_breakpoint(*p.breakpoint);
  if (number) *number = b.number;
  if (note) *note = c.note;
  return "";
}

}  // namespace backstep::debug
