#!/usr/bin/env python3
"""Re-records the error lines of expected.tsv from the oracle: each program
runs under the venv's Python with the pinned torch wheel backstep links (see
tests/tools/oracle_python.py), and its traceback's exception line (`Type:
message`, the first line of a message that spans several) replaces the third
column. The line of the innermost frame must equal the recorded line, or the
program is reported. Programs marked `# compare-traceback` also get their
whole traceback's shape recorded in tracebacks/ (see traceback_shape.py).
Rows of programs the oracle runs without an error
(backstep-only messages, e.g. a module backstep lacks) are kept and listed.

    tests/bad_input/record_expected.py
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from oracle_python import reexec_under_oracle  # noqa: E402
sys.path.insert(0, HERE)
from traceback_shape import golden_path, shape, wants_traceback  # noqa: E402

EXCEPTION_LINE = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception|Interrupt|Exit)):( |$)")
FRAME_LINE = re.compile(r'^  File "([^"]*)", line (\d+)')


def oracle_error(path):
    """(the lines of the program's frames in the traceback, exception line),
    or None without an error."""
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONBREAKPOINT="0", CUDA_VISIBLE_DEVICES="")
    p = subprocess.run([sys.executable, path], capture_output=True, text=True, env=env, cwd=HERE, timeout=120)
    if p.returncode == 0:
        return None
    if wants_traceback(path):
        os.makedirs(os.path.dirname(golden_path(HERE, os.path.basename(path))), exist_ok=True)
        with open(golden_path(HERE, os.path.basename(path)), "w", encoding="utf-8") as f:
            f.write(shape(p.stderr, HERE))
    lines = p.stderr.splitlines()
    frames = [m.group(2) for m in map(FRAME_LINE.match, lines) if m and m.group(1) == path]
    errors = [l for l in lines if EXCEPTION_LINE.match(l)]
    last = errors[-1] if errors else lines[-1]
    # Import errors name the module's file by its absolute path: keep the
    # row independent of where the clone is.
    return frames, last.replace(HERE, "{here}")


def main():
    rows, kept, problems = [], [], 0
    with open(os.path.join(HERE, "expected.tsv"), encoding="utf-8") as f:
        for raw in f:
            if not raw.strip() or raw.startswith("#"):
                rows.append(raw)
                continue
            name, where, last = raw.rstrip("\n").split("\t")
            found = oracle_error(os.path.join(HERE, name))
            if found is None:
                kept.append(name)
            else:
                frames, last = found
                # The row names one frame of the program's traceback (the
                # line of the f-string whose __repr__ raised, say, not the
                # raise inside __repr__). Syntax errors report the line in
                # the exception's own block, not as a frame.
                if frames and where.split(":")[0] not in frames:
                    print("%s: PyTorch's traceback has the program's lines %s, expected.tsv says %s"
                          % (name, ", ".join(frames), where))
                    problems += 1
            rows.append("%s\t%s\t%s\n" % (name, where, last))
    with open(os.path.join(HERE, "expected.tsv"), "w", encoding="utf-8") as f:
        f.writelines(rows)
    print("recorded %d, kept %d that run under PyTorch without an error: %s"
          % (len([r for r in rows if "\t" in r]) - len(kept), len(kept), ", ".join(kept)))
    return 1 if problems else 0


if __name__ == "__main__":
    reexec_under_oracle()
    sys.exit(main())
