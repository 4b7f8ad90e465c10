#include "repl/input_assembler.h"

#include <cctype>
#include <string_view>

namespace backstep::repl {

bool is_blank(const std::string& line) {
  return line.find_first_not_of(" \t\f\r") == std::string::npos;
}

namespace {

bool is_quote(char c) { return c == '\'' || c == '"'; }

// Skips a string literal starting at text[i] (a quote); returns the index
// after it, or npos when the text ends inside a triple-quoted string. An
// unterminated single-quoted string ends at the newline (a syntax error the
// parser reports, not a reason to wait for more lines).
size_t skip_string(const std::string& text, size_t i) {
  char q = text[i];
  bool triple = text.compare(i, 3, std::string(3, q)) == 0;
  size_t j = i + (triple ? 3 : 1);
  while (j < text.size()) {
    char c = text[j];
    if (c == '\\') {
      j += 2;
      continue;
    }
    if (!triple && c == '\n') return j;
    if (c == q && (!triple || text.compare(j, 3, std::string(3, q)) == 0))
      return j + (triple ? 3 : 1);
    ++j;
  }
  return triple ? std::string::npos : j;
}

// Whether the input starts with a compound statement. As in Python's REPL,
// such a statement runs only after a blank line even when its first line is
// complete (`while True: pass`, `if x: f()`), because the next line may
// continue it (`else: ...`).
bool starts_compound(const std::string& text) {
  size_t b = text.find_first_not_of(" \t");
  if (b == std::string::npos) return false;
  if (text[b] == '@') return true;
  size_t e = b;
  while (e < text.size() && (std::isalnum(static_cast<unsigned char>(text[e])) || text[e] == '_')) ++e;
  std::string_view word(text.data() + b, e - b);
  for (std::string_view k : {"def", "class", "if", "for", "while", "with", "try", "async"})
    if (word == k) return true;
  return false;
}

}  // namespace

bool ends_open(const std::string& text) {
  int depth = 0;
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '#') {
      size_t nl = text.find('\n', i);
      i = nl == std::string::npos ? text.size() : nl;
    } else if (is_quote(c)) {
      i = skip_string(text, i);
      if (i == std::string::npos) return true;
    } else {
      if (c == '(' || c == '[' || c == '{') ++depth;
      if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
      ++i;
    }
  }
  if (depth > 0) return true;
  size_t end = text.find_last_not_of("\r\n");
  return end != std::string::npos && text[end] == '\\';
}

// A control character (an arrow key's ESC [ A typed where nothing decodes
// it) cannot be Python: the input is complete, and the parser says why,
// instead of its '[' opening a bracket that waits for more lines.
static bool has_control_character(const std::string& line) {
  for (unsigned char c : line)
    if ((c < 0x20 && c != '\t' && c != '\f' && c != '\r') || c == 0x7f) return true;
  return false;
}

bool InputAssembler::feed(const std::string& line) {
  text_ += line;
  text_ += '\n';
  if (has_control_character(line)) return true;
  if (ends_open(text_)) return false;
  if (in_block_) return is_blank(line);
  // Not inside brackets or a string, yet incomplete: a block header.
  if (starts_compound(text_) || check_(text_) == SyntaxState::Incomplete) {
    in_block_ = true;
    return false;
  }
  return true;
}

bool InputAssembler::feed_block(const std::string& block) {
  text_ += block;
  if (text_.empty() || text_.back() != '\n') text_ += '\n';
  if (ends_open(text_)) return false;
  if (check_(text_) == SyntaxState::Incomplete) {
    in_block_ = true;
    return false;
  }
  return true;
}

std::string InputAssembler::take() {
  std::string t = std::move(text_);
  reset();
  return t;
}

void InputAssembler::reset() {
  text_.clear();
  in_block_ = false;
}

}  // namespace backstep::repl
