#include "repl/history.h"

#include "engine/files/atomic_file.h"

#include <cstdio>
#include <cstdlib>
#include <climits>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace backstep::repl {

std::string history_file_path() {
  if (const char* env = std::getenv("BACKSTEP_HISTORY")) return env;
  const char* home = std::getenv("HOME");
  if (!home || !*home) {
    const passwd* pw = getpwuid(getuid());
    home = pw ? pw->pw_dir : nullptr;
  }
  if (!home || !*home) return {};
  std::string dir = home;
  if (dir.back() != '/') dir += '/';
  return dir + ".backstep_history";
}

bool replace_file_atomically(const std::string& path,
                             bool (*contents_writer)(const char* tmp_path)) {
  if (path.empty()) return false;
  // Write through a symbolic link to its target, so a linked history file
  // (dotfiles kept in a repository) stays a link.
  std::string target = path;
  if (char* real = realpath(path.c_str(), nullptr)) {
    target = real;
    std::free(real);
  }
  // The one writer (Note [Files whole or absent]); 0600: history can hold
  // anything typed, keep it private.
  files::AtomicFile file;
  if (!file.open(target, 0600).empty()) return false;
  if (!contents_writer(file.temp_path().c_str())) return false;  // the destructor removes it
  return file.commit().empty();
}

}  // namespace backstep::repl
