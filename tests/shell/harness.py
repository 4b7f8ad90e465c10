"""Helpers for driving the real `backstep` binary: through a pseudo-terminal
(as a person at a keyboard) or through pipes (as a script or CI job).

Python standard library only.
"""

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import tempfile
import termios
import time

# libedit redraws the line with cursor-movement sequences; matching is done on
# the text with those (and colour, and the bell) removed.
_ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\x07")

# backstep links libtorch: start-up alone takes ~1 s, more on a loaded machine.
START_TIMEOUT = 30.0
TIMEOUT = 10.0
TYPING_PAUSE = 0.05


class TestFailure(AssertionError):
    pass


def clean(raw):
    """Terminal bytes as text: escapes removed, CR-LF as LF."""
    text = _ESCAPES.sub(b"", raw).decode("utf-8", "replace")
    return text.replace("\r\n", "\n").replace("\r", "")


def base_env(tmp, **extra):
    """An environment isolated from the user's: its own HOME and history file,
    no colour unless a test asks for it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("BACKSTEP_")}
    env.update(HOME=tmp, BACKSTEP_HISTORY=os.path.join(tmp, "history"), NO_COLOR="1",
               TERM="xterm", LC_ALL="C.UTF-8")
    env.pop("LANG", None)
    for k, v in extra.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return env


class PtySession:
    """backstep running on a pseudo-terminal."""

    def __init__(self, backstep, env, args=()):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: becomes backstep
            try:
                os.execve(backstep, [backstep, *args], env)
            finally:
                os._exit(127)
        # A wide terminal, so that long lines (paths) never wrap.
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
        self.raw = b""
        self.pos = 0  # where the next expect() starts looking, in clean(raw)
        self.status = None

    def send(self, data):
        if isinstance(data, str):
            data = data.encode()
        # libedit prints the prompt a moment before it puts the terminal in
        # raw mode; input arriving in between is echoed twice (by the
        # terminal and by libedit). Nobody types that fast; tests wait too.
        time.sleep(TYPING_PAUSE)
        os.write(self.fd, data)

    def _read(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            chunk = b""
        if not chunk:
            raise EOFError
        self.raw += chunk
        return True

    def text(self):
        return clean(self.raw)

    def expect(self, pattern, timeout=TIMEOUT):
        """Waits for `pattern` (a string, or a compiled regex) in the output
        after the previous match; returns the text up to and including it."""
        deadline = time.time() + timeout
        while True:
            text = self.text()
            if isinstance(pattern, str):
                i = text.find(pattern, self.pos)
                end = -1 if i < 0 else i + len(pattern)
            else:
                m = pattern.search(text, self.pos)
                end = -1 if m is None else m.end()
            if end >= 0:
                seen = text[self.pos:end]
                self.pos = end
                return seen
            left = deadline - time.time()
            if left <= 0:
                raise TestFailure(f"timed out waiting for {pattern!r}; output after the "
                                  f"last match:\n{text[self.pos:]!r}")
            try:
                self._read(min(left, 0.2))
            except EOFError:
                raise TestFailure(f"backstep ended while waiting for {pattern!r}; output:\n"
                                  f"{text[self.pos:]!r}") from None

    def prompt(self, timeout=TIMEOUT):
        return self.expect(">>> ", timeout)

    def line(self, text, then=">>> ", timeout=TIMEOUT):
        """Types a line and waits for the next prompt; returns what came
        before it (the echo of the line, then its output)."""
        self.send(text + "\r")
        return self.expect(then, timeout)[:-len(then)]

    def wait(self, timeout=TIMEOUT):
        """Waits for the process to end (draining its output); returns the exit status."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                self._read(0.1)
            except EOFError:
                pass
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = os.waitstatus_to_exitcode(status)
                return self.status
        raise TestFailure(f"backstep did not exit; output:\n{self.text()[self.pos:]!r}")

    def close(self):
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        os.close(self.fd)


def run(backstep, args=(), stdin="", env=None, timeout=60, merge_stderr=False):
    """Runs backstep with pipes; returns a CompletedProcess with text output."""
    return subprocess.run(
        [backstep, *args], input=stdin, capture_output=not merge_stderr,
        stdout=subprocess.PIPE if merge_stderr else None,
        stderr=subprocess.STDOUT if merge_stderr else None,
        env=env, timeout=timeout, text=True)


def check(condition, message):
    if not condition:
        raise TestFailure(message)


def check_in(needle, haystack, what="output"):
    if needle not in haystack:
        raise TestFailure(f"expected {needle!r} in {what}:\n{haystack!r}")


def check_frame(text, file, line, function, what="traceback"):
    """A traceback names the frame: File "f", line N, in fn (the engine may add
    ", col C" after the line)."""
    pattern = rf'File "{re.escape(file)}", line {line}(, col \d+)?, in {re.escape(function)}\n'
    if not re.search(pattern, text):
        raise TestFailure(f"expected frame {file}:{line} in {function} in {what}:\n{text!r}")


def check_not_in(needle, haystack, what="output"):
    if needle in haystack:
        raise TestFailure(f"did not expect {needle!r} in {what}:\n{haystack!r}")


def check_eq(expected, actual, what="value"):
    if expected != actual:
        raise TestFailure(f"{what}: expected {expected!r}, got {actual!r}")


class TempDir:
    def __enter__(self):
        self._d = tempfile.TemporaryDirectory(prefix="backstep-shell-")
        return self._d.name

    def __exit__(self, *exc):
        self._d.cleanup()
