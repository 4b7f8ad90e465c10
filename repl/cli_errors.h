// Errors backstep reports before (or instead of) running a program: usage
// errors (exit status 2) and files it cannot read or write (3). With
// --json-errors they are one JSON object on stderr, shaped as a program's
// uncaught error ({"type", "message", "file", "line", "column",
// "traceback", "notes"}), so CI reads every failure the same way.
#pragma once

#include <string>

namespace backstep::repl {

enum class CliError {
  Usage,  // "type": "UsageError"
  File,   // "type": "FileError"
};

// Prints `message` on stderr: as JSON, or as "backstep: error: MESSAGE"
// after `usage` (usage errors) / "backstep: MESSAGE" (file errors). Control
// characters in the message (from a file name) are shown escaped, never raw.
void report_cli_error(bool json, CliError kind, const std::string& message, const char* usage = nullptr);

// `text` with control characters and invalid UTF-8 shown as \xNN escapes.
std::string printable(const std::string& text);

}  // namespace backstep::repl
