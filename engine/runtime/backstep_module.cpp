// `_backstep`: the native functions backstep's Python library is written on
// (engine/pylib/PRIMITIVES-*.md is the contract; tests/pylib/*/_backstep.py
// the same functions on CPython). Here: the script stack (warnings, the
// __module__ of classes made by functions) and the environment. The file
// system is in backstep_os.cpp, the random generator in random_module.cpp.
#include "engine/runtime/backstep_module.h"

#include "engine/lang/source.h"
#include "engine/runtime/function.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <thread>

extern char** environ;

namespace backstep::rt {
namespace {

// The script frame `depth` levels above the one running now (the function
// that called the primitive): 1 is its caller. Null past the top.
Frame* frame_above(Interpreter& in, int64_t depth) {
  Frame* f = in.current_frame();
  for (int64_t i = 0; f && i < depth; ++i) f = f->parent;
  return f;
}

std::string module_name_of(Interpreter& in, const Frame& f) {
  ModuleGlobals& g = f.globals ? *f.globals : in.main_globals();
  if (auto name = g.get("__name__"); name && name->as<StrObject>()) return name->as<StrObject>()->value;
  return "__main__";
}

int64_t int_arg(Interpreter& in, const Value& v) {
  if (!v.is_int_like()) raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  (void)in;
  return v.to_int();
}

Value caller_module_name(Interpreter& in, Args& a) {
  expect_args(a, "caller_module_name", 1, 1);
  Frame* f = frame_above(in, int_arg(in, a.pos[0]));
  return make_str(f ? module_name_of(in, *f) : "__main__");
}

Value caller_location(Interpreter& in, Args& a) {
  expect_args(a, "caller_location", 1, 1);
  int64_t level = std::max<int64_t>(1, int_arg(in, a.pos[0]));
  Frame* f = frame_above(in, level);
  if (!f) return Value();
  ModuleGlobals& g = f->globals ? *f->globals : in.main_globals();
  auto registry = g.get("__warningregistry__");
  if (!registry) {
    registry = Value(std::make_shared<DictObject>());
    g.set("__warningregistry__", *registry);
  }
  std::string file = f->current.valid() ? lang::file_name_of(f->current) : "sys";
  // The program runs under the name it was given; its __file__ (absolute,
  // as CPython names it in warnings) says where that is.
  if (auto abs = g.get("__file__"); abs && !file.empty() && file.front() != '/' && file.front() != '<') {
    const std::string* path = abs->as<StrObject>() ? &abs->as<StrObject>()->value : nullptr;
    if (path && path->size() > file.size() && path->compare(path->size() - file.size(), file.size(), file) == 0 &&
        (*path)[path->size() - file.size() - 1] == '/')
      file = *path;
  }
  return make_tuple({make_str(file), Value(int64_t(f->current.valid() ? f->current.line : 1)),
                     make_str(module_name_of(in, *f)), *registry});
}

Value source_line(Interpreter& in, Args& a) {
  expect_args(a, "source_line", 2, 2);
  auto* file = a.pos[0].as<StrObject>();
  if (!file) raise_type_error("source_line() argument 1 must be str");
  int64_t line = int_arg(in, a.pos[1]);
  // linecache knows no '<stdin>', '<string>', ...: CPython shows no line.
  if (!file->value.empty() && file->value.front() == '<') return make_str("");
  if (auto text = lang::registered_line(file->value, line)) return make_str(*text + "\n");
  return make_str("");
}

Value environ_dict(Interpreter&, Args& a) {
  expect_args(a, "environ", 0, 0);
  auto d = std::make_shared<DictObject>();
  for (char** e = ::environ; e && *e; ++e) {
    std::string_view entry(*e);
    size_t eq = entry.find('=');
    if (eq == std::string_view::npos || eq == 0) continue;
    d->set(make_str(std::string(entry.substr(0, eq))), make_str(std::string(entry.substr(eq + 1))));
  }
  return Value(d);
}

Value terminal_columns(Interpreter&, Args& a) {
  expect_args(a, "terminal_columns", 0, 0);
  winsize w{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) return Value(int64_t(w.ws_col));
  return Value(int64_t(0));
}

}  // namespace

void add_traceback_primitives(ModuleObject& m);  // traceback_primitives.cpp
void add_islice_primitives(ModuleObject& m);     // islice_native.cpp

Value make_backstep_module(Interpreter& in) {
  auto m = make_module("_backstep");
  m->def("caller_module_name", caller_module_name);
  m->def("caller_location", caller_location);
  m->def("source_line", source_line);
  m->def("environ", environ_dict);
  m->def("terminal_columns", terminal_columns);
  m->def("getpid", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "getpid", 0, 0);
    return Value(int64_t(::getpid()));
  });
  m->def("cpu_count", [](Interpreter&, Args& a) -> Value {
    expect_args(a, "cpu_count", 0, 0);
    unsigned n = std::thread::hardware_concurrency();
    return n ? Value(int64_t(n)) : Value();
  });
  add_os_primitives(in, *m);
  add_random_primitives(in, *m);
  add_traceback_primitives(*m);
  add_islice_primitives(*m);
  return Value(m);
}

}  // namespace backstep::rt
