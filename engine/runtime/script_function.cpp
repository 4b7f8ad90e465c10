#include "engine/runtime/script_function.h"

#include "engine/runtime/interpreter.h"

#include <fmt/format.h>

namespace backstep::rt {

std::string ScriptFunction::repr(Interpreter&) const {
  return fmt::format("<function {} at {:#x}>", code->qualname, address());
}

std::optional<Value> ScriptFunction::get_attr(Interpreter&, std::string_view name) {
  if (name == "__name__") return make_str(code->name);
  if (name == "__qualname__") return make_str(code->qualname);
  if (name == "__doc__") return Value();
  if (attributes)
    if (const Value* v = attributes->find(make_str(std::string(name)))) return *v;
  return std::nullopt;
}

bool ScriptFunction::set_attr(Interpreter&, std::string_view name, const Value& v) {
  if (!attributes) attributes = std::make_shared<DictObject>();
  attributes->set(make_str(std::string(name)), v);
  return true;
}

Value ScriptFunction::call(Interpreter& in, Args& args) { return in.call_function(*this, args); }

}  // namespace backstep::rt
