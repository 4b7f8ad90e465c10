#include "engine/runtime/sys_module.h"

#include "engine/runtime/big_int.h"
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <limits>

#include <unistd.h>

namespace backstep::rt {
namespace {

struct SysState {
  std::vector<std::string> argv{""};
  std::vector<std::string> warnoptions;
};

std::vector<Value> warnoptions(const SysState& s) {
  std::vector<Value> out;
  if (const char* env = std::getenv("PYTHONWARNINGS")) {
    std::string_view rest(env);
    while (!rest.empty()) {
      size_t comma = rest.find(',');
      std::string_view part = rest.substr(0, comma);
      if (!part.empty()) out.push_back(make_str(std::string(part)));
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  }
  for (const auto& o : s.warnoptions) out.push_back(make_str(o));
  return out;
}

// sys.stdout and sys.stderr: write() and flush() go to the session's
// output sink, so their text interleaves with print()'s in order.
class StreamObject : public ModuleObject {
 public:
  StreamObject(std::string name, bool is_err) : ModuleObject(std::move(name)), is_err_(is_err) {}
  std::string repr(Interpreter&) const override {
    return fmt::format("<_io.TextIOWrapper name='<{}>' mode='w' encoding='utf-8'>", is_err_ ? "stderr" : "stdout");
  }
  bool is_err() const { return is_err_; }

 private:
  bool is_err_;
};

std::shared_ptr<StreamObject> make_stream(bool is_err) {
  auto s = std::make_shared<StreamObject>(is_err ? "sys.stderr" : "sys.stdout", is_err);
  s->def("write", [is_err](Interpreter& in, Args& a) -> Value {
    if (a.pos.size() != 1) raise_type_error(fmt::format("write() takes exactly one argument ({} given)", a.pos.size()));
    auto* text = a.pos[0].as<StrObject>();
    if (!text) raise_type_error(fmt::format("write() argument must be str, not {}", type_name(a.pos[0])));
    if (is_err) in.sink().err(text->value);
    else in.sink().out(text->value);
    int64_t chars = 0;  // write() returns the number of characters, not bytes
    for (unsigned char c : text->value) chars += (c & 0xC0) != 0x80;
    return chars;
  });
  // What logging's handler reprs and scripts read of the streams.
  s->set("name", make_str(is_err ? "<stderr>" : "<stdout>"));
  s->set("mode", make_str("w"));
  s->set("encoding", make_str("utf-8"));
  s->set("errors", make_str(is_err ? "backslashreplace" : "strict"));
  s->def("fileno", [is_err](Interpreter&, Args&) -> Value { return Value(int64_t(is_err ? 2 : 1)); });
  s->def("isatty", [is_err](Interpreter&, Args&) -> Value { return Value(::isatty(is_err ? 2 : 1) != 0); });
  s->def("writable", [](Interpreter&, Args&) -> Value { return Value(true); });
  s->def("readable", [](Interpreter&, Args&) -> Value { return Value(false); });
  s->def("flush", [](Interpreter& in, Args&) -> Value {
    in.sink().flush();
    return Value();
  });
  return s;
}

// sys.path as CPython starts it: the program's folder ('' at a prompt:
// the current folder), then PYTHONPATH's entries. backstep's own library is
// not a folder on it (see engine/runtime/import.cpp).
std::vector<Value> initial_path(const std::string& program) {
  std::vector<Value> path;
  if (program.empty() || program == "-c") {
    path.push_back(make_str(""));
  } else {
    std::error_code ec;
    auto dir = std::filesystem::weakly_canonical(std::filesystem::absolute(program, ec), ec).parent_path();
    path.push_back(make_str(dir.string()));
  }
  if (const char* env = std::getenv("PYTHONPATH")) {
    std::string_view rest(env);
    while (!rest.empty()) {
      size_t colon = rest.find(':');
      std::string_view part = rest.substr(0, colon);
      if (!part.empty()) path.push_back(make_str(std::string(part)));
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  }
  return path;
}

}  // namespace

void set_argv(Interpreter& in, std::vector<std::string> argv) { in.state<SysState>().argv = std::move(argv); }
void set_warnoptions(Interpreter& in, std::vector<std::string> options) {
  in.state<SysState>().warnoptions = std::move(options);
}

bool is_stderr_stream(const Value& file) {
  if (auto* m = file.as<ModuleObject>())
    if (auto* s = dynamic_cast<StreamObject*>(m)) return s->is_err();
  return false;
}

bool is_stdout_stream(const Value& file) {
  if (auto* m = file.as<ModuleObject>())
    if (auto* s = dynamic_cast<StreamObject*>(m)) return !s->is_err();
  return false;
}

// sys.setrecursionlimit(n), as CPython 3.11: n is a C int at least 1, and
// no lower than the depth already reached (the call itself counts one).
static Value set_recursion_limit(Interpreter& in, Args& a) {
  expect_args(a, "setrecursionlimit", 1, 1);
  const Value& v = a.pos[0];
  if (v.as<BigIntObject>()) raise_overflow("Python int too large to convert to C int");
  if (!v.is_int_like())
    raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  int64_t limit = v.to_int();
  if (limit > std::numeric_limits<int>::max() || limit < std::numeric_limits<int>::min())
    raise_overflow("Python int too large to convert to C int");
  if (limit < 1) raise_value_error("recursion limit must be greater or equal than 1");
  int depth = in.recursion_depth() + 1;
  if (depth >= limit)
    raise(*exc_types().recursion_error,
          fmt::format("cannot set the recursion limit to {} at the recursion depth {}: the limit is too low", limit, depth));
  in.set_recursion_limit(static_cast<int>(limit));
  return Value();
}

void add_sys_info(ModuleObject& m);  // sys_info.cpp

Value make_sys_module(Interpreter& in) {
  auto m = make_module("sys");
  add_sys_info(*m);
  std::vector<Value> argv;
  for (const auto& a : in.state<SysState>().argv) argv.push_back(make_str(a));
  m->set("argv", Value(std::make_shared<ListObject>(std::move(argv))));
  m->set("stdout", Value(make_stream(false)));
  m->set("stderr", Value(make_stream(true)));
  m->set("warnoptions", Value(std::make_shared<ListObject>(warnoptions(in.state<SysState>()))));
  m->set("path", Value(std::make_shared<ListObject>(initial_path(in.state<SysState>().argv[0]))));
  m->set("modules", Value(in.modules()));
  m->set("maxsize", Value(std::numeric_limits<int64_t>::max()));
  m->set("platform", make_str("linux"));
  m->def("getrecursionlimit", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "getrecursionlimit", 0, 0);
    return Value(int64_t(in.recursion_limit()));
  });
  m->def("setrecursionlimit", set_recursion_limit);
  m->def("exit", [](Interpreter&, Args& a) -> Value {
    throw ScriptError(std::make_shared<ExceptionObject>(*exc_types().system_exit,
                                                        std::vector<Value>(a.pos.begin(), a.pos.end())));
  });
  return Value(m);
}

}  // namespace backstep::rt
