#!/usr/bin/env python3
"""Runs every command the README shows, from the clone's root.

- ```console blocks: each `$ COMMAND` runs; the lines after it, up to the next
  `$`, are what it must print (stdout and stderr together, without the
  build's progress lines scripts/run shows while it checks the build). A
  line shaped as the debugger's prompt, `(#5) :where`, is typed: it goes to
  the command's stdin (the debugger echoes it). A command whose lines type
  at `backstep debug`'s `(backstep) ` prompt is a session at a keyboard: it
  runs on a pseudo-terminal, each line typed after its prompt appears
  (tests/shell/typed_session.py), and `$ echo $?` after it must print its
  exit status. A last line ending in `...`
  matches any text from there on. Timings (`0.05 s`) match any number.
- ```sh blocks: each command (continued lines joined, comments dropped) runs
  with bash and must exit 0.

Paths the README writes for the reader's own machine are mapped to this one's
(PLACEHOLDERS): an official libtorch zip is a folder with include/, lib/ and
share/cmake/Torch -- the pinned wheel's torch folder is one -- and another
venv is the project's own venv. Both name the libtorch the build already
uses, so these commands reuse the build instead of rebuilding it.
`scripts/test` is the suite this runs in, so it is not run again.

The build folder the README's cmake commands name is the one holding the
backstep under test.

Usage: run_readme_tests.py --backstep build/backstep
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "tools"))
from oracle_python import oracle_python  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, "tests", "shell"))
import typed_session  # noqa: E402

TYPED = re.compile(r"^\(#\d+\) (.*)$")
TIMING = re.compile(r"\d+(\.\d+)? s\)")
BUILD_PROGRESS = re.compile(r"^\[\s*\d+%\] |^g?make(\[\d+\])?: |^\[\d+/\d+\] |^ninja: ")
NOT_RUN = {"scripts/test": "the suite this test runs in"}


def placeholders():
    venv = os.path.dirname(os.path.dirname(oracle_python()))
    wheel_torch = subprocess.run([oracle_python(), "-c", "import torch, os; print(os.path.dirname(torch.__file__))"],
                                 capture_output=True, text=True, check=True).stdout.strip()
    return {"$HOME/libtorch": wheel_torch, "$HOME/venvs/torch": venv}


def blocks(text):
    """(kind, lines) for every ```sh and ```console block."""
    out, kind, lines = [], None, []
    for line in text.splitlines():
        if kind is None:
            m = re.match(r"^```(sh|console)\s*$", line)
            if m:
                kind, lines = m.group(1), []
        elif line.startswith("```"):
            out.append((kind, lines))
            kind = None
        else:
            lines.append(line)
    return out


def sh_commands(lines):
    commands, pending = [], ""
    for line in lines:
        line = line.split("  #")[0].rstrip() if not line.lstrip().startswith("#") else ""
        if not line and not pending:
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        commands.append((pending + line).strip())
        pending = ""
    return [c for c in commands if c]


def console_commands(lines):
    """(command, typed input, expected lines) per `$` line."""
    out = []
    for line in lines:
        if line.startswith("$ "):
            out.append([line[2:], [], []])
        elif out:
            typed = TYPED.match(line)
            if typed:
                out[-1][1].append(typed.group(1))
            out[-1][2].append(line)
    return out


def run(command, env, stdin=""):
    return subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, input=stdin, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=1800)


def matches(expected, actual):
    got = [TIMING.sub("N s)", line) for line in actual.splitlines() if not BUILD_PROGRESS.match(line)]
    want = [TIMING.sub("N s)", line) for line in expected]
    if want and want[-1].endswith("..."):
        head, prefix = want[:-1], want[-1][:-3]
        return got[:len(head)] == head and len(got) > len(head) and got[len(head)].startswith(prefix)
    return got == want


def substitute(command, mapping):
    for placeholder, path in mapping.items():
        command = command.replace(placeholder, path)
    return command


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--backstep", required=True)
    args = ap.parse_args()
    mapping = placeholders()
    build = os.path.dirname(os.path.abspath(args.backstep))
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    failures, ran, last_status = [], 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        # `backstep` is the binary under test; files the commands write go
        # to a scratch folder (out/ and `-o NAME.svg` are relative: linked from there).
        env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(args.backstep)) + os.pathsep + os.environ["PATH"],
                   NO_COLOR="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
        env.pop("BACKSTEP_TORCH", None)
        for kind, lines in blocks(readme):
            if kind == "sh":
                items = [(c, [], None) for c in sh_commands(lines)]
            else:
                items = console_commands(lines)
            for command, typed, expected in items:
                if command in NOT_RUN:
                    print(f"not run: {command} ({NOT_RUN[command]})")
                    continue
                actual = re.sub(r"(?<=\s)out(?=/|\s|$)", f"{tmp}/out", substitute(command, mapping))
                actual = re.sub(r"-o (?![/.])([\w.-]+)(?=\s|$)", rf"-o {tmp}/\1", actual)
                # The README's build/ is the build under test (BACKSTEP_BUILD_DIR may move it).
                actual = re.sub(r"(-B|--build) build(?=\s|$)", rf"\1 {build}", actual)
                ran += 1
                if expected is not None and typed_session.is_terminal_session(expected):
                    lines, status = typed_session.replay(actual, expected, ROOT, build, tmp)
                    r = subprocess.CompletedProcess(actual, status, "\n".join(lines) + "\n")
                elif command == "echo $?":  # the status of the session before
                    r = subprocess.CompletedProcess(command, 0, f"{last_status}\n")
                else:
                    r = run(actual, env, "".join(t + "\n" for t in typed))
                last_status = r.returncode
                ok = r.returncode == 0 if expected is None else matches(expected, r.stdout.replace(tmp + "/", ""))
                print(("ok: " if ok else "FAILED: ") + command)
                if not ok:
                    failures.append(command)
                    print(f"  exit {r.returncode}; output:\n" + "".join("    " + l + "\n" for l in r.stdout.splitlines()))
                    if expected is not None:
                        print("  expected:\n" + "".join("    " + l + "\n" for l in expected))
    print(f"{ran} README commands run, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
