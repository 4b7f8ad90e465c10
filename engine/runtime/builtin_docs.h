// CPython's __doc__ and __text_signature__ of the functions in builtins
// (len.__doc__, ...), for the builtin functions backstep provides.
#pragma once

#include <string_view>

namespace backstep::rt {

// The docstring (signature=false) or the text signature of builtins.<name>;
// null when CPython has no such builtin function (or no text signature).
const std::string_view* builtin_doc(std::string_view name, bool signature);

}  // namespace backstep::rt
