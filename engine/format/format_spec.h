// Python's format-spec mini-language: what format(x, spec), f"{x:spec}" and
// str.format apply to int, bool, float and str. A port of CPython 3.11's
// Python/formatter_unicode.c; strings are UTF-8 and widths count code points.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace backstep::format {

// A bad spec. what() is CPython's message; python_type() is the exception
// class CPython raises ("ValueError", or "OverflowError" for 'c' out of range).
class FormatError : public std::runtime_error {
 public:
  explicit FormatError(const std::string& message, std::string python_type = "ValueError")
      : std::runtime_error(message), python_type_(std::move(python_type)) {}
  const std::string& python_type() const noexcept { return python_type_; }

 private:
  std::string python_type_;
};

// format(value, spec) for a Python int / bool / float / str. An empty spec
// gives str(value) ("True" for a bool, repr for a float).
std::string format_int(int64_t value, std::string_view spec);
std::string format_bool(bool value, std::string_view spec);
std::string format_float(double value, std::string_view spec);
std::string format_str(std::string_view value, std::string_view spec);
// format(value, spec) for an int beyond 64 bits: `digits(base)` gives its
// magnitude in base 2, 8, 10 or 16; `to_double()` its float value (for the
// float presentation types; it may throw).
std::string format_big_int(bool negative, const std::function<std::string(int)>& digits,
                           const std::function<double()>& to_double, std::string_view spec);

}  // namespace backstep::format
