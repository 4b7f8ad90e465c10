"""Replays a debugger session written the way the docs show it -- a `$
COMMAND` line, then the terminal's text with what the person typed after
each prompt -- on a pseudo-terminal, typing each line after its prompt
appears. Used by tests/readme/run_readme_tests.py (the README's session)
and doc_session_tests.py (docs/commands.md's), so that a session in the
docs is what a keyboard gets."""

import os
import re

from harness import START_TIMEOUT, TIMEOUT, PtySession, base_env

# A line the person typed, after the prompt it was typed at (a yes/no
# question is a prompt too).
TYPED = re.compile(r"^(\(backstep\) |\(#\d+\) |\(forward\) |\(post-mortem\) |\(breakpoint\) |>>> |\.\.\. |"
                   r".*\(y or n\) )(.*)$")


def is_terminal_session(lines):
    """A session typed at `backstep debug`'s setup prompt (not a command file)."""
    return any(line.startswith("(backstep) ") for line in lines)


def replay(command, lines, cwd, path_dir, tmp):
    """Runs `command` with bash on a pseudo-terminal in `cwd` (PATH starting
    with `path_dir`, HOME and history in `tmp`), types every typed line of
    `lines` after its prompt; returns (the transcript's lines, exit status)."""
    env = base_env(tmp, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    env["PATH"] = path_dir + os.pathsep + env.get("PATH", "")
    old = os.getcwd()
    os.chdir(cwd)
    try:
        s = PtySession("/bin/bash", env, ["-c", command])
    finally:
        os.chdir(old)
    try:
        for line in lines:
            m = TYPED.match(line)
            if m:
                s.expect(m.group(1), START_TIMEOUT)
                s.send(m.group(2) + "\r")
        status = s.wait(START_TIMEOUT + TIMEOUT)
        return s.text().splitlines(), status
    finally:
        s.close()


def session_lines(block):
    """(command, lines after it, expected exit status or None) of a session
    block: its first line is `$ COMMAND`; a last `$ echo $?` gives the status."""
    lines = [line for line in block if line.strip()]
    command = lines[0][2:]
    rest = lines[1:]
    status = None
    if len(rest) >= 2 and rest[-2] == "$ echo $?":
        status = int(rest[-1])
        rest = rest[:-2]
    return command, rest, status
