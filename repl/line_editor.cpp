#include "repl/line_editor.h"

#include "repl/history.h"
#include "repl/signals.h"
#include "repl/terminal_input.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <editline/readline.h>
#include <unistd.h>

namespace backstep::repl {
namespace {

constexpr int kHistoryLength = 1000;

// libedit's completion hooks are plain C functions with global state; these
// hold the current editor's completer and the candidates of one TAB press.
CompletionFn g_complete;
std::vector<std::string> g_candidates;
size_t g_next_candidate = 0;

char* next_candidate(const char* text, int state) {
  if (state == 0) g_next_candidate = 0;
  size_t len = std::strlen(text);
  while (g_next_candidate < g_candidates.size()) {
    const std::string& c = g_candidates[g_next_candidate++];
    if (c.compare(0, len, text) == 0) return strdup(c.c_str());  // libedit frees it
  }
  return nullptr;
}

char** attempt_completion(const char* text, int start, int end) {
  if (!g_complete) return nullptr;
  Completions c;
  try {
    c = g_complete(rl_line_buffer ? rl_line_buffer : "", static_cast<size_t>(start),
                   static_cast<size_t>(end));
  } catch (...) {
    // Completion must never take the session down.
  }
  rl_attempted_completion_over = 1;
  g_candidates = std::move(c.words);
  if (g_candidates.empty()) return nullptr;
  return rl_completion_matches(text, next_candidate);
}

bool write_history_to(const char* tmp_path) { return write_history(tmp_path) == 0; }

}  // namespace

const char* LineEditor::word_break_characters() {
  return " \t\n`~!@#$%^&*()-=+[{]}\\|;:'\",<>/?";
}

LineEditor::LineEditor(std::string history_path, bool color)
    : history_path_(std::move(history_path)), color_(color) {
  rl_readline_name = "backstep";  // "backstep:" lines in ~/.editrc apply
  // Our own SIGINT handler (signals.h) does the work. libedit's would
  // re-send the signal to the whole process group (kill(0, SIGINT)).
  rl_catch_signals = 0;
  rl_basic_word_break_characters = word_break_characters();
  rl_completion_append_character = '\0';
  rl_attempted_completion_function = attempt_completion;
  terminal_input::install(STDIN_FILENO);  // bracketed paste (terminal_input.h)
  rl_initialize();
  using_history();
  stifle_history(kHistoryLength);
  if (!history_path_.empty()) read_history(history_path_.c_str());  // missing file: fine
}

LineEditor::~LineEditor() {
  save_history();
  g_complete = nullptr;
  g_candidates.clear();
}

void LineEditor::set_completion(CompletionFn fn) { g_complete = std::move(fn); }

std::string LineEditor::styled(const std::string& prompt) const {
  if (!color_) return prompt;
  // \001 ... \002 mark the escape sequences as taking no columns, so that
  // libedit measures the prompt right.
  return "\001\x1b[1;36m\002" + prompt + "\001\x1b[0m\002";
}

std::string LineEditor::rest_of_paste(std::string block) {
  // The terminal has sent the whole paste already: its lines are read
  // here at once, each shown after a continuation prompt.
  while (terminal_input::pasting()) {
    char* more = readline(styled("... ").c_str());
    if (!more) break;
    block += '\n';
    block += more;
    std::free(more);
  }
  if (!block.empty() && block.back() == '\n') block.pop_back();  // the paste ended with a newline
  return block;
}

ReadResult LineEditor::read(const std::string& prompt) {
  std::fflush(stdout);
  sigint::take_pressed();  // a Ctrl-C from before this prompt is spent
  terminal_input::reset();
  terminal_input::enable_paste(true);
  ReadResult r;
  char* line = readline(styled(prompt).c_str());
  // readline() returns null both at Ctrl-D and when its read() failed with
  // EINTR; the SIGINT flag tells the two apart. A line that arrives with the
  // flag set was typed around a Ctrl-C that landed while libedit was busy
  // (not blocked in read()); it is abandoned as the Ctrl-C asked.
  bool interrupted = sigint::take_pressed();
  if (!interrupted && line && terminal_input::paste_seen() && terminal_input::paste_had_newline()) {
    r.line = rest_of_paste(line);
    r.pasted = r.line.find('\n') != std::string::npos;
    interrupted = sigint::take_pressed();
  } else if (line) {
    r.line = line;
  }
  terminal_input::enable_paste(false);
  if (interrupted) {
    r.status = ReadResult::Status::Interrupted;
    r.line.clear();
  } else if (line) {
    r.status = ReadResult::Status::Line;
  } else {
    std::fputs("\n", stdout);  // Ctrl-D: end the prompt's line, as Python does
  }
  std::free(line);
  return r;
}

void LineEditor::remember(const std::string& line) {
  if (line.find_first_not_of(" \t") == std::string::npos) return;
  if (line == last_remembered_) return;  // as HISTCONTROL=ignoredups
  last_remembered_ = line;
  add_history(line.c_str());
  // Saved after every input rather than at exit, so a session that is
  // killed or crashes still keeps what was typed.
  save_history();
}

void LineEditor::save_history() {
  if (history_path_.empty() || last_remembered_.empty()) return;
  replace_file_atomically(history_path_, write_history_to);
}

}  // namespace backstep::repl
