#include "engine/files/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <mutex>
#include <set>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace backstep::files {

namespace {

std::string reason(const std::string& path, int error) {
  return "cannot write '" + path + "': " + std::strerror(error);
}

std::string folder_of(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_of(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

}  // namespace

std::string check_writable_file(const std::string& path) {
  if (path.empty()) return "no output file given";
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return "cannot write '" + path + "': it is a folder";
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))  // a device: written in place
    return ::access(path.c_str(), W_OK) == 0 ? "" : reason(path, errno);
  std::string folder = folder_of(path);
  if (::stat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    return "cannot write '" + path + "': folder '" + folder + "' does not exist";
  // The temporary file is made in the folder, so the folder must be writable
  // even when the file itself already is.
  if (::access(folder.c_str(), W_OK | X_OK) != 0) return reason(path, errno);
  return "";
}

AtomicFile::~AtomicFile() { discard(); }

namespace {

// The temporary files being written, for remove_unfinished_files. The
// lock is held across commit's rename, so a file is either renamed or
// removed, never both or neither. Never destroyed: the process may end
// (std::_Exit from another thread) at any point.
struct Unfinished {
  std::mutex mutex;
  std::set<std::string> paths;
  bool closing = false;
};

Unfinished& unfinished() {
  static auto* u = new Unfinished;
  return *u;
}

}  // namespace

void remove_unfinished_files() {
  Unfinished& u = unfinished();
  u.mutex.lock();  // kept: nothing commits after this
  u.closing = true;
  for (const auto& path : u.paths) ::unlink(path.c_str());
  u.paths.clear();
}

namespace {

void forget_temp(const std::string& temp) {
  std::lock_guard<std::mutex> lock(unfinished().mutex);
  unfinished().paths.erase(temp);
}

}  // namespace

std::string AtomicFile::fail(int error) {
  if (error_.empty()) error_ = reason(path_, error);
  return error_;
}

std::string AtomicFile::open(const std::string& path, unsigned mode) {
  discard();
  path_ = path;
  error_.clear();
  // Note [Devices are written in place]: a terminal, a pipe or /dev/null
  // named as the output (`--trace /dev/stdout`) is written directly; renaming
  // a file over it would replace the device node (or the /dev/stdout link).
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    return fd_ < 0 ? fail(errno) : "";
  }
  if (std::string bad = check_writable_file(path); !bad.empty()) return error_ = bad;
  temp_ = folder_of(path) + "/." + base_of(path) + ".tmp.XXXXXX";
  fd_ = ::mkstemp(temp_.data());
  if (fd_ < 0) {
    temp_.clear();
    return fail(errno);
  }
  {
    std::lock_guard<std::mutex> lock(unfinished().mutex);
    unfinished().paths.insert(temp_);
  }
  ::fcntl(fd_, F_SETFD, FD_CLOEXEC);
  // mkstemp makes the file 0600; the finished file gets `mode` less the umask,
  // like any file the user writes.
  mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd_, static_cast<mode_t>(mode) & ~mask);
  return "";
}

std::string AtomicFile::write(std::string_view data) {
  if (fd_ < 0 || !error_.empty()) return error_;
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = ::write(fd_, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail(errno);
    }
    done += static_cast<size_t>(n);
  }
  return "";
}

std::string AtomicFile::commit() {
  if (fd_ < 0) return error_;
  if (error_.empty() && ::fsync(fd_) != 0 && errno != EINVAL) fail(errno);  // EINVAL: a FIFO or /dev/full
  if (::close(fd_) != 0 && error_.empty()) fail(errno);
  fd_ = -1;
  if (temp_.empty()) return error_;  // a device, written in place
  {
    std::lock_guard<std::mutex> lock(unfinished().mutex);
    if (error_.empty() && !unfinished().closing && ::rename(temp_.c_str(), path_.c_str()) != 0) fail(errno);
    if (!error_.empty()) ::unlink(temp_.c_str());
    unfinished().paths.erase(temp_);
  }
  temp_.clear();
  return error_;
}

void AtomicFile::discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) {
    ::unlink(temp_.c_str());
    forget_temp(temp_);
  }
  temp_.clear();
}

std::string write_file_atomically(const std::string& path, std::string_view data, unsigned mode) {
  AtomicFile file;
  if (std::string bad = file.open(path, mode); !bad.empty()) return bad;
  file.write(data);
  return file.commit();
}

}  // namespace backstep::files
