#include "engine/runtime/warning_hook.h"

#include "engine/runtime/exceptions.h"
#include "engine/runtime/interpreter.h"
#include "engine/runtime/objects.h"
#include "engine/runtime/py_ops.h"

namespace backstep::rt {
namespace {

Value warnings_function(Interpreter& in, const char* name) {
  return get_attr(in, in.import_module("warnings"), name);
}

}  // namespace

void warn_from_native(Interpreter& in, const TypeObject& category, const std::string& message) {
  call(in, warnings_function(in, "warn"), {make_str(message), type_value(category)});
}

void warn_explicit_from_native(Interpreter& in, const TypeObject& category, const std::string& message,
                               const std::string& file, int64_t line) {
  call(in, warnings_function(in, "warn_explicit"), {make_str(message), type_value(category), make_str(file), Value(line)});
}

const TypeObject& warning_category(std::string_view name) {
  for (const TypeObject* t : all_exception_types())
    if (t->name() == name && t->is_subtype_of(*exc_types().warning)) return *t;
  return *exc_types().user_warning;
}

}  // namespace backstep::rt
