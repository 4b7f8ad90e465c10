#include "repl/line_source.h"

#include "repl/signals.h"

#include <cerrno>
#include <cstdio>
#include <unistd.h>

namespace backstep::repl {

bool FdLineSource::fill() {
  char chunk[4096];
  for (;;) {
    ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.erase(0, pos_);
      pos_ = 0;
      buffer_.append(chunk, static_cast<size_t>(n));
      return true;
    }
    if (n < 0 && errno == EINTR) {
      if (sigint::take_pressed()) {
        interrupted_ = true;
        return false;
      }
      continue;
    }
    eof_ = true;  // end of input, or an error we cannot recover from
    return false;
  }
}

ReadResult FdLineSource::read(const std::string& prompt) {
  ReadResult r;
  if (prompt_fd_ >= 0 && buffer_.find('\n', pos_) == std::string::npos) {
    std::fflush(stdout);
    ssize_t ignored = ::write(prompt_fd_, prompt.data(), prompt.size());
    (void)ignored;  // a prompt that cannot be shown is no reason to stop
  }
  for (;;) {
    size_t nl = buffer_.find('\n', pos_);
    if (nl != std::string::npos) {
      r.status = ReadResult::Status::Line;
      r.line.assign(buffer_, pos_, nl - pos_);
      pos_ = nl + 1;
      if (!r.line.empty() && r.line.back() == '\r') r.line.pop_back();
      return r;
    }
    if (eof_ || !fill()) {
      if (interrupted_) {
        interrupted_ = false;
        r.status = ReadResult::Status::Interrupted;
        return r;
      }
      if (pos_ < buffer_.size()) {  // a last line without a newline
        r.status = ReadResult::Status::Line;
        r.line.assign(buffer_, pos_, std::string::npos);
        pos_ = buffer_.size();
        return r;
      }
      r.status = ReadResult::Status::EndOfInput;
      if (prompt_fd_ >= 0) {  // Ctrl-D at a terminal: end the prompt's line
        ssize_t ignored = ::write(prompt_fd_, "\n", 1);
        (void)ignored;
      }
      return r;
    }
  }
}

ReadResult EchoingLineSource::read(const std::string& prompt) {
  ReadResult r;
  if (next_ >= lines_.size()) return r;  // EndOfInput
  r.status = ReadResult::Status::Line;
  r.line = lines_[next_++];
  std::string echo = prompt + r.line + "\n";
  std::fwrite(echo.data(), 1, echo.size(), stdout);
  return r;
}

}  // namespace backstep::repl
