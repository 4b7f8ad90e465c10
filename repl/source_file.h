// Reading a program file, with the error message backstep shows when it
// cannot ("cannot open 'x.py': No such file or directory").
#pragma once

#include <string>

namespace backstep::repl {

struct SourceText {
  std::string text;
  std::string error;  // empty when the file was read
  bool ok() const { return error.empty(); }
};

SourceText read_source_file(const std::string& path);

}  // namespace backstep::repl
