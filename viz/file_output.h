// Writing an output file whole or not at all.
#pragma once

#include <string>

namespace backstep::viz {

// Writes `data` to a temporary file next to `path`, flushes it, and renames
// it over `path`, so a reader never sees half a picture and a failed render
// leaves an older file untouched. Returns "" or a sentence naming the file
// and the reason ("cannot write 'out/g.svg': No such file or directory").
std::string write_file_atomically(const std::string& path, const std::string& data);

}  // namespace backstep::viz
