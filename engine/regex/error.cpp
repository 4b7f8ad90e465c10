#include "engine/regex/error.h"

#include "engine/regex/text.h"

namespace backstep::regex {

Error::Error(ErrorKind kind, std::string message)
    : kind_(kind), msg_(std::move(message)), text_(msg_) {}

Error::Error(std::string message, std::string_view pattern_utf8, int64_t pos)
    : kind_(ErrorKind::kPatternError), msg_(std::move(message)), pos_(pos) {
  // Line and column count code points, like re.error does on the str.
  std::u32string pattern = decode_utf8(pattern_utf8);
  int64_t line = 1;
  int64_t last_newline = -1;
  bool has_newline = false;
  for (int64_t i = 0; i < static_cast<int64_t>(pattern.size()); ++i) {
    if (pattern[i] != U'\n') continue;
    has_newline = true;
    if (i < pos) {
      ++line;
      last_newline = i;
    }
  }
  lineno_ = line;
  colno_ = pos - last_newline;
  text_ = msg_ + " at position " + std::to_string(pos);
  if (has_newline) {
    text_ += " (line " + std::to_string(lineno_) + ", column " + std::to_string(colno_) + ")";
  }
}

}  // namespace backstep::regex
