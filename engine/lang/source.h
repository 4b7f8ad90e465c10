// Program text and positions in it.
//
// Every piece of source the interpreter sees (a file, a line typed at the
// shell, a command file) is registered once and never freed, so a Span can
// name its file by a small index and stay valid for the whole session: the
// debugger shows the creating line of an autograd node long after the code
// that created it has finished running.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace backstep::lang {

// A range of source text. Lines and columns are 1-based; end_col points one
// past the last character (so end_col - col is the width for a caret).
struct Span {
  uint32_t file = 0;  // index into the SourceRegistry; 0 means "no source"
  uint32_t line = 0;
  uint32_t col = 0;
  uint32_t end_line = 0;
  uint32_t end_col = 0;

  bool valid() const { return line != 0; }
  // The smallest span covering both.
  static Span cover(const Span& a, const Span& b);
};

class SourceFile {
 public:
  SourceFile(std::string name, std::string text);
  const std::string& name() const { return name_; }
  const std::string& text() const { return text_; }
  // backstep's own library (engine/pylib, named "<pylib>/..."): not the
  // user's code, so not where a user looks for what made a node.
  bool is_library() const { return library_; }
  size_t line_count() const { return line_starts_.size(); }
  // The text of a 1-based line, without its newline ("" when out of range).
  std::string_view line(uint32_t line) const;

 private:
  std::string name_;
  std::string text_;
  bool library_ = false;
  std::vector<size_t> line_starts_;
};

// The process-wide list of sources. Thread-safe; entries are immutable.
class SourceRegistry {
 public:
  static SourceRegistry& instance();
  // Registers a source and returns its index (never 0).
  uint32_t add(std::string name, std::string text);
  const SourceFile* get(uint32_t index) const;
  // The source registered last under `name` (a file's path), if any.
  const SourceFile* find(std::string_view name) const;

 private:
  SourceRegistry();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Convenience lookups through the registry.
const SourceFile* source_of(const Span& span);
std::string file_name_of(const Span& span);
std::string_view source_line(const Span& span);

// Line `line` of the file named `name`: the registered text (what ran),
// else the file on disk; nullopt when neither has it.
std::optional<std::string> registered_line(const std::string& name, int64_t line);

// The source text a span covers (lines joined with newlines).
std::string span_text(const Span& span);

// "prog.py:12:5"
std::string format_location(const Span& span);
// The source line of the span and a caret line under it, each indented by
// `indent` spaces (leading whitespace of the line is stripped, as Python's
// traceback does). Empty when the span has no source.
std::string format_caret(const Span& span, int indent, char mark = '^');

}  // namespace backstep::lang
