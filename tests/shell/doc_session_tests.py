"""The pdb-style session docs/commands.md shows ("A short session, as pdb
users type it"), typed at a keyboard (a pseudo-terminal) from the clone's
root: the transcript must be the one the page shows, line for line, and
the exit status the one its `echo $?` prints. The README's session is
checked the same way by tests/readme/run_readme_tests.py."""

import os

import typed_session
from harness import TempDir, check_eq

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADING = "A short session, as pdb users type it:"


def documented_session():
    """The lines of the indented block after HEADING, dedented."""
    with open(os.path.join(ROOT, "docs", "commands.md"), encoding="utf-8") as f:
        text = f.read().split(HEADING, 1)[1].lstrip("\n")
    block = []
    for line in text.splitlines():
        if not line.startswith("    "):
            break
        block.append(line[4:])
    return block


def test_commands_md_session_runs_as_shown(backstep):
    command, lines, status = typed_session.session_lines(documented_session())
    with TempDir() as tmp:
        got, got_status = typed_session.replay(command, lines, ROOT, os.path.dirname(backstep), tmp)
    got = [line for line in got if line.strip()]
    for i, (want, have) in enumerate(zip(lines, got)):
        check_eq(want, have, f"line {i + 1} of the session")
    check_eq(len(lines), len(got), "number of lines in the session")
    check_eq(status, got_status, "exit status")


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
