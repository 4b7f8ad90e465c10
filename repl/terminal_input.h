// The line editor's keyboard input, read byte by byte from the terminal
// (libedit's rl_getc_function hook) so that bracketed paste can be seen:
// a terminal in bracketed-paste mode (ESC [ ? 2004 h) wraps pasted text in
// ESC [ 200 ~ ... ESC [ 201 ~. Inside a paste, TAB is text (no completion)
// and every line belongs to one block, which the editor hands to the shell
// as one input: a pasted `def` with blank lines inside runs whole.
//
// Everything else passes through unchanged: escape sequences that are not
// paste markers (arrow keys) are handed back byte for byte, UTF-8 is decoded
// to code points (what libedit's hook expects), and a read interrupted by
// Ctrl-C ends the line as libedit's own reader would.
#pragma once

#include <string>

namespace backstep::repl::terminal_input {

// Installs the hook; call before rl_initialize().
void install(int fd);

// Writes the sequences that turn bracketed paste on / off (only to a
// terminal that is not "dumb").
void enable_paste(bool on);

// The state of the paste that the last line came from.
bool pasting();           // the end marker has not come yet: more lines follow
bool paste_had_newline(); // the paste spans lines (it is a block, not a word)
bool paste_seen();        // some paste started since reset()
void reset();

}  // namespace backstep::repl::terminal_input
