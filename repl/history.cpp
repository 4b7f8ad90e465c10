#include "repl/history.h"

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
  std::string tmp = target + ".tmp." + std::to_string(getpid());
  if (!contents_writer(tmp.c_str())) {
    std::remove(tmp.c_str());
    return false;
  }
  chmod(tmp.c_str(), 0600);  // history can hold anything typed; keep it private
  if (std::rename(tmp.c_str(), target.c_str()) != 0) {
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace backstep::repl
