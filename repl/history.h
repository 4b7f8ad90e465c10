// The shell's persistent history file.
#pragma once

#include <string>

namespace backstep::repl {

// $BACKSTEP_HISTORY, else ~/.backstep_history. Empty when history is
// switched off (BACKSTEP_HISTORY set to "") or there is no home folder.
std::string history_file_path();

// Replaces `path` with `contents_writer`'s output without ever leaving a
// half-written file: the new history goes to a temporary file in the same
// folder, which is then renamed over the old one (rename is atomic within a
// file system). Two sessions exiting at once therefore leave one complete
// history rather than an interleaving of both, and a full disk or a crash
// mid-write keeps the previous file. Returns false (and changes nothing) on
// any failure: an unwritable history must never disturb the session.
bool replace_file_atomically(const std::string& path,
                             bool (*contents_writer)(const char* tmp_path));

}  // namespace backstep::repl
