// The exceptions `re` raises, as one C++ exception type that says which
// Python exception it stands for. Compiling a pattern or a replacement
// template throws it; the interpreter binding turns it into the Python one.
#pragma once

#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace backstep::regex {

// A warning CPython's parser issues (warnings.warn) while compiling.
struct Warning {
  std::string category;  // "FutureWarning" or "DeprecationWarning"
  std::string message;
};

enum class ErrorKind {
  kPatternError,    // re.error (alias re.PatternError in later Pythons)
  kOverflowError,   // e.g. "the repetition number is too large"
  kValueError,      // e.g. "cannot use LOCALE flag with a str pattern"
  kIndexError,      // a template's "unknown group name 'x'"
  kRecursionError,  // patterns nested deeper than CPython's parser can go
  kSystemError,     // _sre's "The span of capturing group is wrong" (see matcher.h)
  kNotSupported,    // valid Python that this engine does not implement
};

class Error : public std::exception {
 public:
  // An error without a position (str(e) is just the message).
  Error(ErrorKind kind, std::string message);
  // A re.error at code-point offset `pos` of `pattern` (UTF-8): str(e) gets
  // " at position N", plus " (line L, column C)" when the pattern has a
  // newline, exactly as re.error.__init__ formats it.
  Error(std::string message, std::string_view pattern_utf8, int64_t pos);

  ErrorKind kind() const { return kind_; }
  const std::string& msg() const { return msg_; }  // re.error.msg
  int64_t pos() const { return pos_; }             // -1 when None
  int64_t lineno() const { return lineno_; }       // -1 when None
  int64_t colno() const { return colno_; }         // -1 when None
  const char* what() const noexcept override { return text_.c_str(); }  // str(e)
  // The warnings CPython would have issued before it raised this error.
  const std::vector<Warning>& warnings() const { return warnings_; }
  void set_warnings(std::vector<Warning> warnings) { warnings_ = std::move(warnings); }

 private:
  ErrorKind kind_;
  std::string msg_;
  std::string text_;
  int64_t pos_ = -1;
  int64_t lineno_ = -1;
  int64_t colno_ = -1;
  std::vector<Warning> warnings_;
};

}  // namespace backstep::regex
