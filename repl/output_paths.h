// Output files and folders named on the command line (--trace, --graph-json,
// --render-dir, render -o), checked and prepared before the program runs so
// that a long run is not wasted on a path that cannot be written. Missing
// folders are made, as `mkdir -p` would: a CI job's `out/` need not exist.
#pragma once

#include <string>

namespace backstep::repl {

// Makes the folder `path` will be written into. Returns "" or why it
// cannot be written ("cannot write 'a/t.json': 'a' is a file").
std::string prepare_output_file(const std::string& path);

// Makes the folder `dir` itself. Returns "" or why it cannot be made.
std::string prepare_output_folder(const std::string& dir);

// After a failed run: removes the folders the two calls above made that are
// still empty, newest first, so a failure leaves no empty --render-dir.
void remove_empty_made_folders();

}  // namespace backstep::repl
