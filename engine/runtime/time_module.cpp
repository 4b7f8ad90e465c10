// The `time` module: the clocks programs time their training steps with,
// and sleep().
#include "engine/runtime/exceptions.h"
#include "engine/runtime/function.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/module.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <ctime>
#include <thread>

namespace backstep::rt {
namespace {

template <class Clock>
double seconds_of() {
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

template <class Clock>
int64_t nanoseconds_of() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

double process_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

void no_arguments(const Args& a, const char* name) {
  if (!a.pos.empty() || !a.kw.empty())
    raise_type_error(fmt::format("time.{}() takes no arguments ({} given)", name, a.pos.size() + a.kw.size()));
}

// Sleeps in short slices so that Ctrl-C and --timeout stop it promptly, as
// they stop CPython's sleep.
void sleep_for(Interpreter& in, const Args& a) {
  if (a.pos.size() != 1 || !a.kw.empty())
    raise_type_error(fmt::format("time.sleep() takes exactly one argument ({} given)", a.pos.size() + a.kw.size()));
  const Value& v = a.pos[0];
  if (!v.is_number())
    raise_type_error(fmt::format("'{}' object cannot be interpreted as an integer", type_name(v)));
  double secs = to_double(in, v);
  if (std::isnan(secs)) raise_value_error("Invalid value NaN (not a number)");
  if (secs < 0) raise_value_error("sleep length must be non-negative");
  using Steady = std::chrono::steady_clock;
  auto until = Steady::now() + std::chrono::duration_cast<Steady::duration>(std::chrono::duration<double>(secs));
  for (;;) {
    in.check_interrupt();
    Steady::duration left = until - Steady::now();
    if (left <= Steady::duration::zero()) return;
    std::this_thread::sleep_for(std::min<Steady::duration>(left, std::chrono::milliseconds(20)));
  }
}

}  // namespace

void add_calendar_functions(ModuleObject& m);  // time_calendar.cpp

Value make_time_module(Interpreter&) {
  auto m = make_module("time");
  add_calendar_functions(*m);
  using Steady = std::chrono::steady_clock;
  using System = std::chrono::system_clock;
  // The clocks take no arguments and return a float of seconds or an int
  // of nanoseconds.
  auto clock = [&m](const char* name, Value (*read)()) {
    m->def(name, [name, read](Interpreter&, Args& a) -> Value {
      no_arguments(a, name);
      return read();
    });
  };
  clock("perf_counter", [] { return Value(seconds_of<Steady>()); });
  clock("perf_counter_ns", [] { return Value(nanoseconds_of<Steady>()); });
  clock("monotonic", [] { return Value(seconds_of<Steady>()); });
  clock("monotonic_ns", [] { return Value(nanoseconds_of<Steady>()); });
  clock("time", [] { return Value(seconds_of<System>()); });
  clock("time_ns", [] { return Value(nanoseconds_of<System>()); });
  clock("process_time", [] { return Value(process_seconds()); });
  m->def("sleep", [](Interpreter& in, Args& a) -> Value {
    sleep_for(in, a);
    return Value();
  });
  return Value(m);
}

}  // namespace backstep::rt
