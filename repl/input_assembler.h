// Decides when the lines typed so far form a complete input, as Python's
// REPL does:
//   - a statement on one line runs at once;
//   - an open bracket, an unterminated triple-quoted string or a trailing
//     backslash asks for more lines (blank ones included);
//   - a block header (`def f():`, `for ...:`, `if ...:`, a decorator) starts
//     a block, which ends at the first blank line.
// The parser answers "is this incomplete?" (lang::Diagnostic::incomplete);
// this class only adds the blank-line rule for blocks, which the parser
// cannot know about. It holds no engine types, so it stays cheap to compile.
#pragma once

#include <functional>
#include <string>

namespace backstep::repl {

enum class SyntaxState { Complete, Incomplete, Error };

class InputAssembler {
 public:
  using Checker = std::function<SyntaxState(const std::string& text)>;
  explicit InputAssembler(Checker check) : check_(std::move(check)) {}

  // Adds a line; true when the input is now complete (take it with take()).
  bool feed(const std::string& line);
  // Adds a pasted block (several lines): blank lines inside it do not end
  // it; true when the input is complete.
  bool feed_block(const std::string& block);
  std::string take();
  void reset();

  bool empty() const { return text_.empty(); }
  const std::string& text() const { return text_; }

 private:
  Checker check_;
  std::string text_;
  bool in_block_ = false;
};

// True when `text` ends inside brackets, a triple-quoted string, or after a
// line-continuation backslash: more lines are needed whatever they hold.
bool ends_open(const std::string& text);

bool is_blank(const std::string& line);

}  // namespace backstep::repl
