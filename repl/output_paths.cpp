#include "repl/output_paths.h"

#include "engine/files/atomic_file.h"

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace backstep::repl {

namespace {

std::vector<std::string>& made_folders() {
  static std::vector<std::string> made;
  return made;
}

std::string folder_of(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? std::string(".") : slash == 0 ? std::string("/") : path.substr(0, slash);
}

// mkdir -p: "" or the first component that could not be made, with why.
std::string make_folders(const std::string& dir) {
  struct stat st {};
  if (stat(dir.c_str(), &st) == 0)
    return S_ISDIR(st.st_mode) ? "" : "'" + dir + "' is a file, not a folder";
  if (std::string parent = folder_of(dir); parent != dir)
    if (std::string bad = make_folders(parent); !bad.empty()) return bad;
  if (mkdir(dir.c_str(), 0777) != 0) {
    if (errno == EEXIST) return "";
    return "cannot make folder '" + dir + "': " + std::strerror(errno);
  }
  made_folders().push_back(dir);
  return "";
}

}  // namespace

std::string prepare_output_file(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return "cannot write '" + path + "': it is a folder";
  if (std::string bad = make_folders(folder_of(path)); !bad.empty()) return "cannot write '" + path + "': " + bad;
  return files::check_writable_file(path);  // a read-only folder, before the program runs
}

std::string prepare_output_folder(const std::string& dir) {
  if (std::string bad = make_folders(dir); !bad.empty()) return "--render-dir: " + bad;
  return "";
}

void remove_empty_made_folders() {
  auto& made = made_folders();
  for (auto it = made.rbegin(); it != made.rend(); ++it) ::rmdir(it->c_str());  // fails, harmlessly, when not empty
  made.clear();
}

}  // namespace backstep::repl
