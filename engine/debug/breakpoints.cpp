#include "engine/debug/breakpoints.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace backstep::debug {

namespace {

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t");
  size_t e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

}  // namespace

namespace {

std::string absolute_normal(const std::string& path) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(path, ec);
  if (ec) p = path;
  return p.lexically_normal().string();
}

}  // namespace

bool same_file(const std::string& typed, const std::string& actual) {
  if (typed.empty() || typed == actual) return true;
  if (typed.find('/') == std::string::npos)  // a base name
    return actual.size() > typed.size() && actual.compare(actual.size() - typed.size(), typed.size(), typed) == 0 &&
           actual[actual.size() - typed.size() - 1] == '/';
  if (actual.empty() || actual[0] == '<') return false;  // <stdin>, <pylib>/...
  std::string a = absolute_normal(typed), b = absolute_normal(actual);
  if (a == b) return true;
  // "dir/prog.py" for "/abs/dir/prog.py" when typed relative to elsewhere.
  std::string t = std::filesystem::path(typed).lexically_normal().string();
  return t.rfind("../", 0) != 0 && b.size() > t.size() && b.compare(b.size() - t.size(), t.size(), t) == 0 &&
         b[b.size() - t.size() - 1] == '/';
}

std::string_view unqualified_node_name(std::string_view name) {
  size_t cut = name.rfind("::");
  return cut == std::string_view::npos ? name : name.substr(cut + 2);
}

bool Breakpoint::matches_position(const lang::Span& at) const {
  if (!at.valid() || at.line != line) return false;
  if (file.empty()) return true;
  if (at.file != matched_file_) {
    matched_file_ = at.file;
    matched_ = same_file(file, lang::file_name_of(at));
  }
  return matched_;
}

bool Breakpoint::matches_node(const std::string& node_name, int id, const lang::Span& origin) const {
  switch (kind) {
    case Kind::NodeName: return node_name == name || unqualified_node_name(node_name) == name;
    case Kind::NodeId: return id == node_id;
    case Kind::Line: return matches_position(origin);
    case Kind::Nan:
    case Kind::Inf: return true;
    case Kind::Module: return false;  // see matches_module
    case Kind::Step: return false;    // matched on the backward's step (session_pause.cpp)
  }
  return false;
}

bool Breakpoint::matches_module(const autograd::ModuleScope* s) const {
  for (; s; s = s->parent.get())
    if (autograd::module_spec_matches(module, s->path, s->type_name)) return true;
  return false;
}

bool Breakpoint::matches_module(const std::vector<autograd::ModuleFrame>& stack) const {
  for (const auto& f : stack)
    if (autograd::module_spec_matches(module, f.path, f.type)) return true;
  return false;
}

std::string unknown_module_error(const Breakpoint& b) {
  if (b.kind != Breakpoint::Kind::Module || !autograd::any_module_known() || autograd::module_spec_known(b.module))
    return "";
  std::string near;
  for (const auto& n : autograd::near_module_names(b.module)) near += (near.empty() ? "" : ", ") + n;
  return "no module '" + b.module + "' in this program (modules nearest that name: " + near + ")";
}

std::string Breakpoint::describe() const {
  std::string out;
  switch (kind) {
    case Kind::NodeName: out = name; break;
    case Kind::NodeId: out = watch.empty() ? "#" + std::to_string(node_id) : "watch " + watch; break;
    case Kind::Line: out = (file.empty() ? "" : file + ":") + std::to_string(line); break;
    case Kind::Nan: out = "nan"; break;
    case Kind::Inf: out = "inf"; break;
    case Kind::Module: out = "module " + module; break;
    case Kind::Step: out = "step " + std::to_string(step); break;
  }
  if (!condition.empty()) out += " if " + condition;
  return out;
}

ParsedBreakpoint parse_breakpoint(const std::string& text) {
  ParsedBreakpoint result;
  std::string spec = trim(text);
  std::string condition;
  // "SPEC if EXPR": the first " if " separates them.
  size_t cut = spec.find(" if ");
  if (cut != std::string::npos) {
    condition = trim(spec.substr(cut + 4));
    spec = trim(spec.substr(0, cut));
    if (condition.empty()) {
      result.error = "a condition is missing after 'if'";
      return result;
    }
  }
  if (spec.empty()) {
    result.error = "usage: :break NAME | #ID | FILE:LINE | LINE | nan | inf | module PATH|TYPE | step N  [if EXPR]";
    return result;
  }
  Breakpoint b;
  b.condition = condition;
  b.spec = text;
  size_t colon = spec.rfind(':');
  // "step N" in the shell, "step:N" on the command line (--break step:300).
  if (spec == "step" || spec.rfind("step ", 0) == 0 || spec.rfind("step:", 0) == 0) {
    std::string n = trim(spec.substr(std::min(spec.size(), size_t(5))));
    if (!all_digits(n) || n.size() > 18) {
      result.error = "usage: :break step N (N: optimizer.step() calls so far, 0 for the first backward)";
      return result;
    }
    b.kind = Breakpoint::Kind::Step;
    b.step = std::stoull(n);
    result.breakpoint = b;
    return result;
  }
  // "module PATH" in the shell, "module:PATH" on the command line (--break module:fc1).
  if (spec == "module" || spec.rfind("module ", 0) == 0 || spec.rfind("module:", 0) == 0) {
    std::string name = trim(spec.substr(std::min(spec.size(), size_t(7))));
    if (name.empty()) {
      result.error = "usage: :break module PATH|TYPE (a module path such as encoder.layers.1, or a type such as Linear)";
      return result;
    }
    bool ok = std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c) || c == '_' || c == '.'; });
    if (!ok || name.front() == '.' || name.back() == '.' || name.find("..") != std::string::npos) {
      result.error = "not a module path or type: " + name + " (expected a path such as encoder.layers.1 or a type such as Linear)";
      return result;
    }
    b.kind = Breakpoint::Kind::Module;
    b.module = name;
    result.breakpoint = b;
    return result;
  }
  if (spec == "nan" || spec == "inf") {
    b.kind = spec == "nan" ? Breakpoint::Kind::Nan : Breakpoint::Kind::Inf;
  } else if (spec[0] == '#') {
    if (!all_digits(spec.substr(1))) {
      result.error = "a node id is # and a number, as :nodes shows them: " + spec;
      return result;
    }
    b.kind = Breakpoint::Kind::NodeId;
    b.node_id = std::stoi(spec.substr(1));
  } else if (all_digits(spec)) {
    b.kind = Breakpoint::Kind::Line;
    b.line = static_cast<uint32_t>(std::stoul(spec));
  } else if (colon != std::string::npos && all_digits(spec.substr(colon + 1))) {
    b.kind = Breakpoint::Kind::Line;
    b.file = spec.substr(0, colon);
    b.line = static_cast<uint32_t>(std::stoul(spec.substr(colon + 1)));
  } else if (std::all_of(spec.begin(), spec.end(), [](unsigned char c) { return std::isalnum(c) || c == '_' || c == ':'; })) {
    b.kind = Breakpoint::Kind::NodeName;
    b.name = spec;
  } else {
    result.error = "not a breakpoint: " + spec + " (expected a node type such as MulBackward0, #ID, FILE:LINE, LINE, nan, inf or module PATH)";
    return result;
  }
  result.breakpoint = b;
  return result;
}

}  // namespace backstep::debug
