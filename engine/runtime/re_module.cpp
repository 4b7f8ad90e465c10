// `_backstep_re`: the native half of pylib's `re` (engine/pylib/re.py),
// on the engine in engine/regex. Compiled patterns, matches and finditer's
// scanners are opaque handles that re.py keeps inside its Pattern and Match
// objects; everything Python-visible (classes, reprs, argument checks, the
// cache) is in re.py. Only conversion and error translation happen here.
#include "engine/regex/interrupt.h"
#include "engine/regex/regex.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <algorithm>

namespace backstep::rt {
namespace {

namespace rx = backstep::regex;

class PatternHandle : public Object {
 public:
  explicit PatternHandle(std::shared_ptr<const rx::Pattern> p) : Object(ObjKind::Other), pattern(std::move(p)) {}
  std::string repr(Interpreter&) const override { return "<re pattern handle>"; }
  std::shared_ptr<const rx::Pattern> pattern;
};

// One match, with the decoded subject it indexes (shared with the scanner
// that found it, so finditer decodes the string once).
class MatchHandle : public Object {
 public:
  MatchHandle(rx::Match m, std::shared_ptr<const rx::Text> t)
      : Object(ObjKind::Other), match(std::move(m)), text(std::move(t)) {}
  std::string repr(Interpreter&) const override { return "<re match handle>"; }
  rx::Match match;
  std::shared_ptr<const rx::Text> text;
};

// finditer's state. The Scanner refers to the pattern and text, so they are
// held here and declared first (destroyed after it).
class ScannerHandle : public Object {
 public:
  ScannerHandle(std::shared_ptr<const rx::Pattern> p, std::shared_ptr<const rx::Text> t, int64_t pos, int64_t endpos)
      : Object(ObjKind::Other), pattern(std::move(p)), text(std::move(t)),
        scanner(std::make_unique<rx::Scanner>(*pattern, *text, pos, endpos)) {}
  std::string repr(Interpreter&) const override { return "<re scanner handle>"; }
  std::shared_ptr<const rx::Pattern> pattern;
  std::shared_ptr<const rx::Text> text;
  std::unique_ptr<rx::Scanner> scanner;
};

template <class T>
T& handle_arg(const Args& a, size_t i, const char* fn) {
  auto* h = i < a.pos.size() ? dynamic_cast<T*>(a.pos[i].object_ptr()) : nullptr;
  if (!h) raise_type_error(fmt::format("{}() needs an re handle", fn));
  return *h;
}

const std::string& str_arg(const Args& a, size_t i, const char* fn) {
  auto* s = i < a.pos.size() ? a.pos[i].as<StrObject>() : nullptr;
  if (!s) raise_type_error(fmt::format("{}() argument {} must be str", fn, i + 1));
  return s->value;
}

// The string to search, with _sre's message for anything else.
const std::string& subject_arg(const Args& a, size_t i) {
  auto* s = a.pos[i].as<StrObject>();
  if (!s) raise_type_error(fmt::format("expected string or bytes-like object, got '{}'", type_name(a.pos[i])));
  return s->value;
}

int64_t int_arg(const Args& a, size_t i) {
  const Value& v = a.pos[i];
  if (!v.is_int_like()) raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  return v.to_int();
}

Value optional_str(const std::optional<std::string>& s) { return s ? make_str(*s) : Value(); }

// What re.py registered with set_hooks: the class re.error and the
// function that issues the parser's warnings. Kept by the module's functions.
struct ReHooks {
  Value error;
  Value warn;
  // The last long subject decoded, kept by identity (a str never changes):
  // a loop calling match(s, pos) along one long string then decodes it
  // once instead of once per call.
  std::shared_ptr<StrObject> last_subject;
  std::shared_ptr<const rx::Text> last_text;
};
using HooksPtr = std::shared_ptr<ReHooks>;

Value warnings_list(const std::vector<rx::Warning>& warnings) {
  std::vector<Value> items;
  for (const auto& w : warnings) items.push_back(make_tuple({make_str(w.category), make_str(w.message)}));
  return make_list(std::move(items));
}

[[noreturn]] void raise_instance(Interpreter& in, const Value& cls, std::initializer_list<Value> args) {
  throw ScriptError(in.call(cls, args).as_shared<ExceptionObject>());
}

// Turns the engine's error into the Python exception it stands for. `source`
// is the text that was being parsed (the pattern, or a template), which
// re.error keeps as its .pattern.
[[noreturn]] void raise_regex_error(Interpreter& in, const HooksPtr& hooks, const rx::Error& e,
                                    const std::string& source) {
  const auto& t = exc_types();
  if (!e.warnings().empty() && !hooks->warn.is_none()) in.call(hooks->warn, {warnings_list(e.warnings())});
  switch (e.kind()) {
    case rx::ErrorKind::kPatternError:
      if (hooks->error.is_none()) raise_value_error(e.what());
      if (e.pos() < 0) raise_instance(in, hooks->error, {make_str(e.msg())});
      raise_instance(in, hooks->error, {make_str(e.msg()), make_str(source), Value(e.pos())});
    case rx::ErrorKind::kOverflowError: raise(*t.overflow_error, e.what());
    case rx::ErrorKind::kValueError: raise(*t.value_error, e.what());
    case rx::ErrorKind::kIndexError: raise(*t.index_error, e.what());
    case rx::ErrorKind::kRecursionError: raise(*t.recursion_error, e.what());
    case rx::ErrorKind::kSystemError:
      if (const Value* cls = in.builtin("SystemError")) raise_instance(in, *cls, {make_str(e.what())});
      raise_runtime_error(e.what());
    case rx::ErrorKind::kNotSupported: break;
  }
  raise_not_implemented(e.what());
}

// Runs `f`, translating an engine error raised while it parses `source`.
// A long match can be stopped by Ctrl-C or the time limit meanwhile.
template <class F>
Value guarded(Interpreter& in, const HooksPtr& hooks, const std::string& source, F f) {
  rx::InterruptScope interruptible([&in] { in.check_interrupt(); });
  try {
    return f();
  } catch (const rx::Error& e) {
    raise_regex_error(in, hooks, e, source);
  }
}

// The subject argument a.pos[i], decoded (or found decoded).
std::shared_ptr<const rx::Text> subject_text(ReHooks& hooks, const Args& a, size_t i) {
  constexpr size_t kWorthKeeping = 256;  // bytes; shorter ones decode faster than they cost
  const std::string& utf8 = subject_arg(a, i);
  if (hooks.last_subject && hooks.last_subject.get() == a.pos[i].object_ptr()) return hooks.last_text;
  auto text = std::make_shared<const rx::Text>(utf8);
  if (utf8.size() >= kWorthKeeping) {
    hooks.last_subject = a.pos[i].as_shared<StrObject>();
    hooks.last_text = text;
  }
  return text;
}

Value match_value(std::optional<rx::Match> m, std::shared_ptr<const rx::Text> text) {
  if (!m) return Value();
  return Value(std::make_shared<MatchHandle>(std::move(*m), std::move(text)));
}

void add_pattern_functions(ModuleObject& m, const HooksPtr& hooks) {
  m.def("compile", [hooks](Interpreter& in, Args& a) -> Value {
    expect_args(a, "compile", 2, 2);
    const std::string& source = str_arg(a, 0, "compile");
    const int64_t flags = int_arg(a, 1);
    return guarded(in, hooks, source, [&] {
      return Value(std::make_shared<PatternHandle>(rx::Pattern::compile(source, static_cast<int>(flags))));
    });
  });
  // (groups, flags, [(name, index), ...], [(category, message), ...])
  m.def("info", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "info", 1, 1);
    const rx::Pattern& p = *handle_arg<PatternHandle>(a, 0, "info").pattern;
    std::vector<Value> names;
    for (const auto& [name, index] : p.group_names()) names.push_back(make_tuple({make_str(name), Value(int64_t(index))}));
    return make_tuple({Value(int64_t(p.groups())), Value(int64_t(p.flags())), make_list(std::move(names)),
                       warnings_list(p.warnings())});
  });
  // run(pattern, string, pos, endpos, mode): mode 0 match, 1 fullmatch, 2 search.
  m.def("run", [hooks](Interpreter& in, Args& a) -> Value {
    expect_args(a, "run", 5, 5);
    const rx::Pattern& p = *handle_arg<PatternHandle>(a, 0, "run").pattern;
    const int64_t pos = int_arg(a, 2), endpos = int_arg(a, 3), mode = int_arg(a, 4);
    auto text = subject_text(*hooks, a, 1);
    return guarded(in, hooks, p.pattern(), [&] {
      auto m = mode == 0 ? p.match(*text, pos, endpos) : mode == 1 ? p.fullmatch(*text, pos, endpos)
                                                                   : p.search(*text, pos, endpos);
      return match_value(std::move(m), text);
    });
  });
  m.def("scanner", [hooks](Interpreter&, Args& a) -> Value {
    expect_args(a, "scanner", 4, 4);
    auto& p = handle_arg<PatternHandle>(a, 0, "scanner");
    const int64_t pos = int_arg(a, 2), endpos = int_arg(a, 3);
    auto text = subject_text(*hooks, a, 1);
    return Value(std::make_shared<ScannerHandle>(p.pattern, std::move(text), pos, endpos));
  });
  m.def("scanner_next", [hooks](Interpreter& in, Args& a) -> Value {
    expect_args(a, "scanner_next", 1, 1);
    auto& s = handle_arg<ScannerHandle>(a, 0, "scanner_next");
    return guarded(in, hooks, s.pattern->pattern(), [&] { return match_value(s.scanner->next(), s.text); });
  });
  // scanner_slice(scanner, start, end): the subject's text between two code
  // point positions, without the interpreter's O(n) str indexing.
  m.def("scanner_slice", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "scanner_slice", 3, 3);
    auto& s = handle_arg<ScannerHandle>(a, 0, "scanner_slice");
    const int64_t size = s.text->size();
    const int64_t start = std::clamp<int64_t>(int_arg(a, 1), 0, size);
    const int64_t end = std::clamp<int64_t>(int_arg(a, 2), start, size);
    return make_str(s.text->slice(start, end));
  });
}

void add_operations(ModuleObject& m, const HooksPtr& hooks) {
  m.def("findall", [hooks](Interpreter& in, Args& a) -> Value {
    expect_args(a, "findall", 4, 4);
    const rx::Pattern& p = *handle_arg<PatternHandle>(a, 0, "findall").pattern;
    const int64_t pos = int_arg(a, 2), endpos = int_arg(a, 3);
    auto text = subject_text(*hooks, a, 1);
    return guarded(in, hooks, p.pattern(), [&] {
      std::vector<Value> items;
      for (auto& found : rx::findall(p, *text, pos, endpos)) {
        std::vector<Value> strings;
        for (auto& s : found) strings.push_back(make_str(std::move(s)));
        items.push_back(strings.size() == 1 ? strings[0] : make_tuple(std::move(strings)));
      }
      return make_list(std::move(items));
    });
  });
  m.def("split", [hooks](Interpreter& in, Args& a) -> Value {
    expect_args(a, "split", 3, 3);
    const rx::Pattern& p = *handle_arg<PatternHandle>(a, 0, "split").pattern;
    const int64_t maxsplit = int_arg(a, 2);
    auto text = subject_text(*hooks, a, 1);
    return guarded(in, hooks, p.pattern(), [&] {
      std::vector<Value> items;
      for (const auto& piece : rx::split(p, *text, maxsplit)) items.push_back(optional_str(piece));
      return make_list(std::move(items));
    });
  });
  // sub(pattern, template, string, count) -> (text, count), for a str template.
  m.def("sub", [hooks](Interpreter& in, Args& a) -> Value {
    expect_args(a, "sub", 4, 4);
    const rx::Pattern& p = *handle_arg<PatternHandle>(a, 0, "sub").pattern;
    const std::string& repl = str_arg(a, 1, "sub");
    const int64_t count = int_arg(a, 3);
    auto text = subject_text(*hooks, a, 2);
    return guarded(in, hooks, repl, [&] {
      rx::SubResult r = rx::sub(p, *text, repl, count);
      return make_tuple({make_str(std::move(r.text)), Value(r.count)});
    });
  });
  m.def("escape", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "escape", 1, 1);
    return make_str(rx::escape(str_arg(a, 0, "escape")));
  });
}

void add_match_functions(ModuleObject& m, const HooksPtr& hooks) {
  // (pos, endpos, lastindex, ((start, end), ...)) of a match handle.
  m.def("match_info", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "match_info", 1, 1);
    const rx::Match& mt = handle_arg<MatchHandle>(a, 0, "match_info").match;
    std::vector<Value> spans;
    for (int g = 0; g <= mt.groups(); ++g) spans.push_back(make_tuple({Value(mt.span(g).start), Value(mt.span(g).end)}));
    auto last = mt.lastindex();
    return make_tuple({Value(mt.pos()), Value(mt.endpos()), last ? Value(int64_t(*last)) : Value(),
                       make_tuple(std::move(spans))});
  });
  m.def("match_span", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "match_span", 2, 2);
    const rx::Match& mt = handle_arg<MatchHandle>(a, 0, "match_span").match;
    const int64_t g = int_arg(a, 1);
    if (g < 0 || g > mt.groups()) raise_index_error("no such group");
    const rx::Span span = mt.span(static_cast<int>(g));
    return make_tuple({Value(span.start), Value(span.end)});
  });
  m.def("match_group", [hooks](Interpreter& in, Args& a) -> Value {
    expect_args(a, "match_group", 2, 2);
    auto& h = handle_arg<MatchHandle>(a, 0, "match_group");
    const int64_t g = int_arg(a, 1);
    if (g < 0 || g > h.match.groups()) raise_index_error("no such group");
    return guarded(in, hooks, h.match.pattern().pattern(),
                   [&] { return optional_str(h.match.group(*h.text, static_cast<int>(g))); });
  });
  m.def("match_expand", [hooks](Interpreter& in, Args& a) -> Value {
    expect_args(a, "match_expand", 2, 2);
    auto& h = handle_arg<MatchHandle>(a, 0, "match_expand");
    const std::string& tmpl = str_arg(a, 1, "match_expand");
    return guarded(in, hooks, tmpl, [&] {
      auto compiled = rx::ReplacementTemplate::parse(h.match.pattern(), tmpl);
      return make_str(compiled.expand(h.match, *h.text));
    });
  });
}

}  // namespace

Value make_backstep_re_module(Interpreter&) {
  auto m = make_module("_backstep_re");
  auto hooks = std::make_shared<ReHooks>();
  // set_hooks(error, warn): warn(list of (category, message)).
  m->def("set_hooks", [hooks](Interpreter&, Args& a) -> Value {
    expect_args(a, "set_hooks", 2, 2);
    hooks->error = a.pos[0];
    hooks->warn = a.pos[1];
    return Value();
  });
  add_pattern_functions(*m, hooks);
  add_operations(*m, hooks);
  add_match_functions(*m, hooks);
  return Value(m);
}

}  // namespace backstep::rt
