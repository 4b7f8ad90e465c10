// Small pieces of Python's str behaviour that `re` error messages and group
// name checks depend on: repr(), int() of a group-name string, and
// str.isidentifier().
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace backstep::regex {

// repr(s) of a Python str, as UTF-8. Printability follows Python for ASCII
// and Latin-1 and for the common invisible characters elsewhere (spaces,
// format characters, surrogates, private use); other unassigned code points
// are shown as themselves where Python would escape them.
std::string python_repr(std::u32string_view s);

// int(s) for a str that `re` tries as a group number: surrounding
// whitespace, an optional sign, Unicode decimal digits with single '_'
// between them. Returns nullopt where int() raises ValueError.
struct ParsedInt {
  bool negative = false;
  std::string digits;  // decimal, no leading zeros ("0" for zero)
  uint64_t value = 0;  // saturates at UINT64_MAX
};
std::optional<ParsedInt> parse_python_int(std::u32string_view s);

// str.isidentifier(), approximated with \w: a word character that is not a
// digit, then word characters. (Python uses XID_Start/XID_Continue, which
// differ for some marks and number forms outside ASCII.)
bool is_identifier(std::u32string_view s);

// str.isdecimal() and str.isascii() together: the only group names that
// `re` accepts without a DeprecationWarning when they are numbers.
bool is_ascii_decimal(std::u32string_view s);

}  // namespace backstep::regex
