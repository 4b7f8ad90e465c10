#include "repl/terminal_input.h"

#include "repl/signals.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <editline/readline.h>
#include <poll.h>
#include <unistd.h>

namespace backstep::repl::terminal_input {
namespace {

constexpr int kEndOfInput = -1;
constexpr int kTimedOut = -2;
// How long the bytes after an ESC may take to arrive. A terminal sends a
// whole sequence at once; a person pressing ESC alone waits this long.
constexpr int kSequenceMs = 50;

int g_fd = 0;
std::string g_pushback;  // bytes read ahead and handed back
bool g_in_paste = false;
bool g_paste_seen = false;
bool g_paste_newline = false;
bool g_paste_just_ended = false;

int read_byte(int timeout_ms) {
  if (!g_pushback.empty()) {
    unsigned char c = static_cast<unsigned char>(g_pushback.front());
    g_pushback.erase(0, 1);
    return c;
  }
  for (;;) {
    if (timeout_ms >= 0) {
      pollfd p{g_fd, POLLIN, 0};
      int ready = poll(&p, 1, timeout_ms);
      if (ready == 0) return kTimedOut;
      if (ready < 0 && errno == EINTR && !sigint::pressed()) continue;
      if (ready < 0) return kEndOfInput;
    }
    unsigned char c = 0;
    ssize_t n = ::read(g_fd, &c, 1);
    if (n == 1) return c;
    // Only a Ctrl-C ends the line (LineEditor tells it from Ctrl-D by the
    // flag); another signal's EINTR just reads again.
    if (n < 0 && errno == EINTR && !sigint::pressed()) continue;
    return kEndOfInput;
  }
}

// After an ESC: whether the next bytes are "[20Xe~" for X in {0, 1}. The
// bytes read are handed back when they are not a paste marker.
int paste_marker() {
  static const char kTail[] = "[20";
  std::string seen;
  for (const char* p = kTail; *p; ++p) {
    int c = read_byte(kSequenceMs);
    if (c < 0) break;
    seen += static_cast<char>(c);
    if (c != *p) break;
  }
  if (seen == kTail) {
    int which = read_byte(kSequenceMs);
    if (which >= 0) seen += static_cast<char>(which);
    int tilde = which >= 0 ? read_byte(kSequenceMs) : kTimedOut;
    if (tilde >= 0) seen += static_cast<char>(tilde);
    if ((which == '0' || which == '1') && tilde == '~') return which == '0' ? 200 : 201;
  }
  g_pushback.insert(0, seen);
  return 0;
}

// A UTF-8 lead byte and its continuation bytes as one code point (invalid
// input comes through byte by byte).
int utf8_code_point(int lead) {
  int extra = (lead & 0xE0) == 0xC0 ? 1 : (lead & 0xF0) == 0xE0 ? 2 : (lead & 0xF8) == 0xF0 ? 3 : 0;
  if (extra == 0) return lead;
  int cp = lead & (0x3F >> extra);
  for (int i = 0; i < extra; ++i) {
    int c = read_byte(kSequenceMs);
    if (c < 0 || (c & 0xC0) != 0x80) {
      if (c >= 0) g_pushback.insert(0, 1, static_cast<char>(c));
      return lead;
    }
    cp = (cp << 6) | (c & 0x3F);
  }
  return cp;
}

int getc_hook(FILE*) {
  for (;;) {
    int c = read_byte(-1);
    if (c < 0) return -1;  // libedit: end of the line's input
    if (c == 0x1b) {
      int marker = paste_marker();
      if (marker == 200) {
        g_in_paste = g_paste_seen = true;
        g_paste_newline = false;
        rl_inhibit_completion = 1;  // a pasted TAB is text
        continue;
      }
      if (marker == 201) {
        g_in_paste = false;
        rl_inhibit_completion = 0;
        // A pasted block ends its last line itself; a pasted word stays
        // on the line being typed.
        if (g_paste_newline) {
          g_paste_just_ended = true;
          return '\r';
        }
        continue;
      }
      return c;
    }
    if (g_in_paste && (c == '\r' || c == '\n')) g_paste_newline = true;
    if (c >= 0x80) return utf8_code_point(c);
    return c;
  }
}

}  // namespace

void install(int fd) {
  g_fd = fd;
  rl_getc_function = getc_hook;
}

void enable_paste(bool on) {
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return;
  std::fputs(on ? "\x1b[?2004h" : "\x1b[?2004l", stdout);
  std::fflush(stdout);
}

bool pasting() { return g_in_paste; }
bool paste_had_newline() { return g_paste_newline; }
bool paste_seen() { return g_paste_seen; }

void reset() {
  g_paste_seen = g_paste_newline = g_paste_just_ended = false;
  if (!g_in_paste) rl_inhibit_completion = 0;
}

}  // namespace backstep::repl::terminal_input
