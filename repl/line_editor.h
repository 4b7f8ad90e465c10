// Line editing at a terminal: libedit through its readline-compatible API
// (<editline/readline.h>). Prompts, history (persistent, see history.h) and
// tab completion. libedit's readline layer is process-global, so at most one
// LineEditor exists at a time.
#pragma once

#include "repl/line_source.h"

#include <functional>
#include <string>
#include <vector>

namespace backstep::repl {

// What TAB offers for the word ending at the cursor.
struct Completions {
  std::vector<std::string> words;  // full replacements for the word
};
// `line` is the whole line; the word being completed is
// line.substr(word_start, word_end - word_start).
using CompletionFn =
    std::function<Completions(const std::string& line, size_t word_start, size_t word_end)>;

class LineEditor : public LineSource {
 public:
  // `history_path` empty: no persistent history. `color`: prompts in
  // colour (the caller checked the terminal and NO_COLOR).
  explicit LineEditor(std::string history_path, bool color = false);
  ~LineEditor() override;
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  ReadResult read(const std::string& prompt) override;
  bool interactive() const override { return true; }
  void remember(const std::string& line) override;

  void set_completion(CompletionFn fn);

  // The characters that end a word for completion: Python's rlcompleter
  // set, without '.', so "x.gr" is one word and attributes complete. A `:`
  // command's argument ("--saved", "sub/prog.py") completes as a whole
  // anyway (completer.cpp reads it from the line).
  static const char* word_break_characters();

 private:
  void save_history();
  // The rest of a multi-line paste whose first line `first` is (one block).
  std::string rest_of_paste(std::string first);
  std::string styled(const std::string& prompt) const;
  std::string history_path_;
  bool color_ = false;
  std::string last_remembered_;
};

}  // namespace backstep::repl
