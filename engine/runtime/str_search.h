// str's searching and splitting methods: find, rfind, index, rindex,
// count, startswith, endswith (start and end in code points, clamped as
// CPython clamps them), split, rsplit, splitlines, strip, lstrip, rstrip,
// partition, rpartition and replace; plus the argument checks the other str
// methods share, with CPython's messages.
#pragma once

#include "engine/runtime/objects.h"

#include <string_view>
#include <utility>
#include <vector>

namespace backstep::rt::str_search {

// str.<fn>() takes no keyword arguments.
void expect_no_kwargs_named(const Args& a, const char* fn);
// An integer argument (anything with __index__).
int64_t int_arg(Interpreter& in, const Value& v);
// Positional argument i, which must be a str.
const std::string& str_arg(const Args& a, size_t i, const char* fn);

// The methods, by name, as str's method table calls them.
using Method = Value (*)(Interpreter&, StrObject&, Args&);
const std::vector<std::pair<const std::string_view, Method>>& methods();

}  // namespace backstep::rt::str_search
