// Tab completion for the shell: Python names (keywords, globals, builtins),
// attributes after a dot, and `:` commands.
#pragma once

#include "repl/line_editor.h"

#include <string>
#include <string_view>
#include <vector>

namespace backstep::rt {
class Interpreter;
struct Frame;
}

namespace backstep::repl {

class CommandTable;

// The Python keywords offered for completion.
const std::vector<std::string>& python_keywords();

// Splits "a.b.c.pre" into the chain {"a", "b", "c"} and the prefix "pre".
// Only a plain dotted chain of identifiers qualifies (no calls, subscripts
// or literals), because completing it must evaluate it, and evaluating
// anything else could run code. Returns false when the word is not of that
// form; a word without a dot gives an empty chain.
bool split_dotted_word(std::string_view word, std::vector<std::string>& chain,
                       std::string& prefix);

// The completions of one word of Python: full replacements for `word`.
// `frame`: the paused frame the prompt runs in (its variables come first).
std::vector<std::string> complete_python_word(rt::Interpreter& in, std::string_view word,
                                              const rt::Frame* frame = nullptr);

// Completion of a whole shell line (Python, or a `:` command and its
// arguments) for the line editor. `bare_commands`: at a paused prompt,
// where `c` and `b 12` are commands without the colon, the first word
// completes to command names as well; `frame` is the selected frame there.
Completions complete_shell_line(rt::Interpreter& in, const CommandTable& commands,
                                const std::string& line, size_t word_start, size_t word_end,
                                bool bare_commands = false, const rt::Frame* frame = nullptr);

// The node types a breakpoint can name right now: those of the backwards
// run so far and of the graphs behind the program's global tensors.
std::vector<std::string> node_type_names(rt::Interpreter& in);

}  // namespace backstep::repl
