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
// True when `file` (print's file=) is sys.stderr.
bool is_stderr_stream(const Value& file);
// True when `file` is sys.stdout.
bool is_stdout_stream(const Value& file);

}  // namespace backstep::rt
