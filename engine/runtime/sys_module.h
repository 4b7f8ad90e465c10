// The `sys` module: what CI programs use of it (exit, argv, stdout/stderr,
// maxsize, platform, version_info).
#pragma once

#include "engine/runtime/interpreter.h"

#include <string>
#include <vector>

namespace backstep::rt {

Value make_sys_module(Interpreter& in);
// sys.argv: the program's path first, as Python sets it. Call before the
// program first imports sys.
void set_argv(Interpreter& in, std::vector<std::string> argv);
// sys.warnoptions: PYTHONWARNINGS's entries, then these (`-W` options), as
// CPython collects them; the warnings module applies them when imported.
void set_warnoptions(Interpreter& in, std::vector<std::string> options);
// True when `file` (print's file=) is sys.stderr.
bool is_stderr_stream(const Value& file);
// True when `file` is sys.stdout.
bool is_stdout_stream(const Value& file);

}  // namespace backstep::rt
