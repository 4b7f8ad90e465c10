#include "viz/file_output.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace backstep::viz {

namespace {

std::string reason(const std::string& path, int error) {
  return "cannot write '" + path + "': " + std::strerror(error);
}

std::string folder_of(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

bool write_all(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

std::string write_file_atomically(const std::string& path, const std::string& data) {
  if (path.empty()) return "no output file given (use -o FILE)";
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return "cannot write '" + path + "': it is a directory";
  std::string folder = folder_of(path);
  if (::stat(folder.c_str(), &st) != 0) return "cannot write '" + path + "': folder '" + folder + "' does not exist";
  std::string temp = folder + "/." + path.substr(path.find_last_of('/') + 1) + ".tmp.XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0) return reason(path, errno);
  // mkstemp creates the file 0600; an output file should get the usual
  // permissions (0666 less the umask), like any file the user writes.
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  bool ok = write_all(fd, data) && ::fsync(fd) == 0;
  int error = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    error = errno;
  }
  if (ok && ::rename(temp.c_str(), path.c_str()) != 0) {
    ok = false;
    error = errno;
  }
  if (!ok) {
    ::unlink(temp.c_str());
    return reason(path, error);
  }
  return "";
}

}  // namespace backstep::viz
