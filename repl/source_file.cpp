#include "repl/source_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace backstep::repl {

namespace {

// A program is UTF-8 text without NUL bytes (CPython refuses the rest
// too). Anything else -- `backstep /bin/ls` -- is refused before a byte of
// it is parsed or echoed.
bool looks_like_text(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0) return false;
    size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return false;
    i += n;
  }
  return true;
}

}  // namespace

SourceText read_source_file(const std::string& path) {
  SourceText result;
  auto fail = [&](int err) {
    result.text.clear();
    result.error = "cannot open '" + path + "': " + std::strerror(err);
    return result;
  };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return fail(errno);
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      result.text.append(buf, static_cast<size_t>(n));
    } else if (n == 0) {
      break;
    } else if (errno != EINTR) {  // e.g. EISDIR for a folder
      int err = errno;
      ::close(fd);
      return fail(err);
    }
  }
  ::close(fd);
  if (!looks_like_text(result.text)) {
    result.text.clear();
    result.error = path + ": not a text file";
  }
  return result;
}

}  // namespace backstep::repl
