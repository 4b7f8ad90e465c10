#include "engine/runtime/function.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/py_ops.h"

#include <fmt/format.h>

namespace backstep::rt {

std::string BuiltinFunction::repr(Interpreter&) const {
  if (owner_.empty()) return "<built-in function " + name_ + ">";
  return fmt::format("<built-in method {} of {} object at {:#x}>", name_, owner_, owner_id_);
}

std::optional<Value> BuiltinFunction::get_attr(Interpreter&, std::string_view name) {
  if (name == "__name__" || name == "__qualname__") return make_str(name_);
  return std::nullopt;
}

Value make_builtin(std::string name, BuiltinFunction::Fn fn) {
  return Value(std::make_shared<BuiltinFunction>(std::move(name), std::move(fn)));
}

std::string BoundMethod::repr(Interpreter& in) const {
  return fmt::format("<bound method {} of {}>", name, rt::repr(in, self));
}

Value BoundMethod::call(Interpreter& in, Args& args) {
  args.pos.insert(args.pos.begin(), self);
  return in.call(func, args);
}

void expect_args(const Args& a, const char* fn, size_t min, size_t max) {
  size_t n = a.pos.size();
  if (n >= min && n <= max) return;
  if (min == max) {
    if (min == 0) raise_type_error(fmt::format("{}() takes no arguments ({} given)", fn, n));
    if (min == 1) raise_type_error(fmt::format("{}() takes exactly one argument ({} given)", fn, n));
    raise_type_error(fmt::format("{} expected {} arguments, got {}", fn, min, n));
  }
  if (n < min) raise_type_error(fmt::format("{} expected at least {} argument{}, got {}", fn, min, min == 1 ? "" : "s", n));
  raise_type_error(fmt::format("{} expected at most {} argument{}, got {}", fn, max, max == 1 ? "" : "s", n));
}

void expect_no_kwargs(const Args& a, const char* fn) {
  if (!a.kw.empty()) raise_type_error(fmt::format("{}() takes no keyword arguments", fn));
}

const Value* arg_or_kw(const Args& a, size_t index, std::string_view name) {
  if (index < a.pos.size()) return &a.pos[index];
  return a.find_kw(name);
}

}  // namespace backstep::rt
