// What the `traceback` and `logging` modules need from the interpreter:
// the exception being handled (sys.exc_info) and an exception's traceback
// text as an uncaught error prints it (traceback.format_exception).
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::rt {

std::string format_frames(const std::vector<TraceFrame>& frames);  // interpreter.cpp

namespace {

// The innermost `except` block running in the calling frame or a frame
// that called it (exec_stmt.cpp's handled_exception, seen from a native).
std::shared_ptr<ExceptionObject> handled_now(Interpreter& in) {
  for (const Frame* p = in.current_frame(); p; p = p->parent)
    if (p->handling) return p->handling;
  return nullptr;
}

Value exc_info(Interpreter& in, Args& a) {
  expect_args(a, "exc_info", 0, 0);
  auto e = handled_now(in);
  if (!e) return make_tuple({Value(), Value(), Value()});
  return make_tuple({type_value(e->type()), Value(e), Value()});
}

// format_exception(exc) -> str: the chained exceptions, the frames from
// where it was caught down to where it was raised, and its last line.
Value format_exception(Interpreter& in, Args& a) {
  expect_args(a, "format_exception", 1, 1);
  auto* exc = a.pos[0].as<ExceptionObject>();
  if (!exc) raise_type_error(fmt::format("format_exception() needs an exception, not {}", type_name(a.pos[0])));
  std::vector<const ExceptionObject*> seen{exc};
  std::string out = in.format_chain(*exc, seen);
  if (!exc->caught_traceback.empty())
    out += "Traceback (most recent call last):\n" + format_frames(exc->caught_traceback);
  out += in.exception_line(*exc);
  return make_str(std::move(out));
}

// caller_function(depth) -> str | None: the function name of the script
// frame `depth` levels above the caller (logging's funcName).
Value caller_function(Interpreter& in, Args& a) {
  expect_args(a, "caller_function", 1, 1);
  if (!a.pos[0].is_int_like()) raise_type_error("caller_function() needs an int");
  Frame* f = in.current_frame();
  for (int64_t i = 0; f && i < a.pos[0].to_int(); ++i) f = f->parent;
  return f ? make_str(std::string(f->function)) : Value();
}

}  // namespace

void add_traceback_primitives(ModuleObject& m) {
  m.def("caller_function", caller_function);
  m.def("exc_info", exc_info);
  m.def("format_exception", format_exception);
}

void add_sys_exc_info(ModuleObject& sys) {
  sys.def("exc_info", exc_info);
  sys.def("exception", [](Interpreter& in, Args& a) -> Value {
    expect_args(a, "exception", 0, 0);
    auto e = handled_now(in);
    return e ? Value(e) : Value();
  });
}

}  // namespace backstep::rt
