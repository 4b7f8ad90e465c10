// Where the shell's lines come from: the line editor at a terminal, or a
// plain stream (a pipe, a file of commands). The shell processes lines the
// same way whatever their source, so a transcript piped in behaves exactly
// like the same lines typed at the prompt.
#pragma once

#include <string>
#include <vector>

namespace backstep::repl {

struct ReadResult {
  enum class Status {
    Line,         // `line` holds one line, without its newline
    EndOfInput,   // Ctrl-D on an empty line, or the end of the stream
    Interrupted,  // Ctrl-C while waiting for the line
  };
  Status status = Status::EndOfInput;
  std::string line;
  // A block pasted at the terminal (bracketed paste): `line` holds all its
  // lines, separated by '\n', and runs as one input, blank lines and all.
  bool pasted = false;
};

class LineSource {
 public:
  virtual ~LineSource() = default;
  // `prompt` is ">>> " or "... "; sources without a terminal ignore it.
  virtual ReadResult read(const std::string& prompt) = 0;
  // Whether a person is typing (prompts are shown).
  virtual bool interactive() const = 0;
  // Whether a line read leaves stdout at the start of a line: the Enter
  // typed at a terminal, or a command file's line echoed with its newline.
  virtual bool ends_output_line() const { return interactive(); }
  // The line was taken as input (not abandoned): remember it in history.
  virtual void remember(const std::string& line) { (void)line; }
};

// Reads lines from a file descriptor with read(2), not through stdio, so
// that a Ctrl-C while blocked in read() is seen (EINTR) instead of turning
// into a stream error that looks like end of input.
//
// `prompt_fd` >= 0 writes prompts there: for a terminal on stdin when
// stdout is not one (`backstep | tee log`), prompts go to stderr, as
// Python's do.
class FdLineSource : public LineSource {
 public:
  explicit FdLineSource(int fd, int prompt_fd = -1) : fd_(fd), prompt_fd_(prompt_fd) {}
  ReadResult read(const std::string& prompt) override;
  bool interactive() const override { return prompt_fd_ >= 0; }

 private:
  bool fill();  // false at end of input or on a read error
  int fd_;
  int prompt_fd_;
  std::string buffer_;
  size_t pos_ = 0;
  bool eof_ = false;
  bool interrupted_ = false;
};

// Lines of a command file (`backstep debug -x CMDFILE`), each echoed to
// stdout after the prompt it answers, so the output reads as a transcript
// of the same session typed at a terminal.
class EchoingLineSource : public LineSource {
 public:
  EchoingLineSource(std::vector<std::string> lines) : lines_(std::move(lines)) {}
  ReadResult read(const std::string& prompt) override;
  bool interactive() const override { return false; }
  bool ends_output_line() const override { return true; }
  // The next line without taking it (nullptr at the end).
  const std::string* peek() const { return next_ < lines_.size() ? &lines_[next_] : nullptr; }

 private:
  std::vector<std::string> lines_;
  size_t next_ = 0;
};

}  // namespace backstep::repl
