#include "viz/file_output.h"

#include "engine/files/atomic_file.h"

namespace backstep::viz {

// The one writer: Note [Files whole or absent] in engine/files/atomic_file.h.
std::string write_file_atomically(const std::string& path, const std::string& data) {
  if (path.empty()) return "no output file given (use -o FILE)";
  return files::write_file_atomically(path, data);
}

}  // namespace backstep::viz
