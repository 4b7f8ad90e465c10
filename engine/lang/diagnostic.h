// A compile-time error (syntax or indentation), carried as a value.
#pragma once

#include "engine/lang/source.h"

#include <string>
#include <variant>

namespace backstep::lang {

struct Diagnostic {
  Span span;
  std::string type = "SyntaxError";  // or "IndentationError"
  std::string message;
  // The input ended before the construct was complete (an open bracket, a
  // block header with no body, an unterminated triple-quoted string). The
  // shell uses this to ask for a continuation line instead of reporting.
  bool incomplete = false;
};

// The result of a front-end stage: a value or a diagnostic.
template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}            // NOLINT
  Result(Diagnostic d) : v_(std::move(d)) {}           // NOLINT
  bool ok() const { return v_.index() == 0; }
  T& value() { return std::get<0>(v_); }
  const Diagnostic& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Diagnostic> v_;
};

// Python's presentation of a syntax error:
//   File "prog.py", line 3, col 9
//     x = (1 +
//         ^
// SyntaxError: '(' was never closed
std::string format_diagnostic(const Diagnostic& d);

}  // namespace backstep::lang
