#pragma once
// Note [Files whole or absent]
// Every file backstep writes (pictures, traces, graph JSON, per-backward
// pictures, history) goes through AtomicFile: the bytes go to a temporary
// file in the destination's folder (".NAME.tmp.XXXXXX", so the rename cannot
// cross file systems), which is flushed, fsync'd and renamed over NAME only
// when complete. A write that fails (a full disk: ENOSPC) or a run that is
// abandoned removes the temporary file, so NAME is either the old file or the
// new one, never half of one and never empty. A process ended on purpose
// removes its temporary files first (remove_unfinished_files); one killed
// from outside (SIGKILL) leaves only the temporary file; a streamed trace there is valid
// JSON Lines up to its last complete line.

#include <string>
#include <string_view>

namespace backstep::files {

class AtomicFile {
 public:
  AtomicFile() = default;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();  // discards a file never committed

  // Creates the temporary file; "" or a sentence naming `path` and why not.
  // `mode` (less the umask) is the finished file's permissions.
  std::string open(const std::string& path, unsigned mode = 0666);
  // Appends; the first failure is kept and returned by every later call.
  std::string write(std::string_view data);
  // Flushes, syncs and renames over the destination; on any failure the
  // temporary file is removed. "" or why.
  std::string commit();
  // Removes the temporary file; the destination is untouched.
  void discard();

  bool is_open() const { return fd_ >= 0; }
  const std::string& temp_path() const { return temp_; }
  const std::string& error() const { return error_; }

 private:
  std::string fail(int error);
  int fd_ = -1;
  std::string path_, temp_, error_;
};

// For a process about to end outright (--timeout's last resort, which
// cannot wait for a writer to finish): removes every temporary file not yet
// committed or discarded, and no commit renames one after this call. So
// even then NAME is whole or absent, and nothing else is left.
void remove_unfinished_files();

// `data` as the whole of `path`; "" or why not (nothing is left behind).
std::string write_file_atomically(const std::string& path, std::string_view data, unsigned mode = 0666);

// Checked before a program runs: `path` can be created or replaced (its
// folder exists and is writable, it is not a folder). "" or why not.
std::string check_writable_file(const std::string& path);

}  // namespace backstep::files
