// Warnings issued from C++ (libtorch's TORCH_WARN through the torch layer,
// backstep's own emulated Python warnings) go through the script's
// `warnings` module (engine/pylib/warnings.py), so filters, -W options,
// catch_warnings(record=True) and a replaced showwarning see them as they
// see warnings.warn() from Python code.
#pragma once

#include "engine/runtime/object.h"

#include <string>

namespace backstep::rt {

// warnings.warn(message, category): attributed to the innermost script
// frame (native calls add none), as PyErr_WarnEx(category, message, 1).
// Raises the Warning when a filter says "error".
void warn_from_native(Interpreter& in, const TypeObject& category, const std::string& message);

// warnings.warn_explicit(message, category, file, line): for a warning
// that names its own location (no module, no registry).
void warn_explicit_from_native(Interpreter& in, const TypeObject& category, const std::string& message,
                               const std::string& file, int64_t line);

// The builtin warning class named `name` ("UserWarning", ...), or
// UserWarning when there is none by that name.
const TypeObject& warning_category(std::string_view name);

}  // namespace backstep::rt
