#include "repl/source_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace backstep::repl {

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
  return result;
}

}  // namespace backstep::repl
