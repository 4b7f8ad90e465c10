// String formatting: format(value, spec), f-string fields, str.format and
// the printf-style `%` operator, with CPython's rules and messages.
#pragma once

#include "engine/runtime/object.h"

#include <string>

namespace backstep::rt {

// format(value, spec): numbers and strings through the format-spec
// mini-language; tensors as Tensor.__format__; other objects only with an
// empty spec.
std::string format_value(Interpreter& in, const Value& v, std::string_view spec);

// "{} {x:>4}".format(*args, **kwargs)
std::string str_dot_format(Interpreter& in, std::string_view fmt, const Args& args);

// "%5.2f %s" % args
std::string percent_format(Interpreter& in, std::string_view fmt, const Value& args);

}  // namespace backstep::rt
