#!/usr/bin/env python3
"""Runs every malformed or failing program in this folder and checks what a
person sees: exit status 1, the error line exactly as Python/PyTorch would
print it, the location (file, line and column) and a caret line under
the source, and never a C++ exception or a crash.

    run_bad_input.py --backstep build/backstep

Expectations live in expected.tsv: program, line:col, last stderr line.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from traceback_shape import golden_path, shape, wants_traceback  # noqa: E402
LEAKS = ["terminate called", "Exception raised from", "c10::", "std::", "what():", "Segmentation", "core dumped",
         "(most recent call first)", "Aborted"]


def load_expectations():
    rows = []
    with open(os.path.join(HERE, "expected.tsv"), encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            name, where, last = line.rstrip("\n").split("\t")
            # Import errors name the module's file by its absolute path.
            rows.append((name, where, last.replace("{here}", HERE)))
    return rows


def check(backstep, name, where, last):
    path = os.path.join(HERE, name)
    p = subprocess.run([backstep, "run", path], capture_output=True, text=True, timeout=60)
    err = p.stderr
    lines = [l for l in err.splitlines() if l.strip()]
    problems = []
    if p.returncode != 1:
        problems.append("exit status %d, expected 1" % p.returncode)
    # The error line itself; backstep may add explanation notes after it.
    if last not in lines:
        problems.append("no line %r (last line %r)" % (last, lines[-1] if lines else ""))
    line, col = where.split(":")
    loc = 'File "%s", line %s, col %s' % (path, line, col)
    if loc not in err:
        problems.append("no location %r in stderr" % loc)
    if not any(re.fullmatch(r"\s*\^+\s*", l) for l in lines):
        problems.append("no caret line")
    for leak in LEAKS:
        if leak in err:
            problems.append("stderr shows %r" % leak)
    if wants_traceback(path):
        with open(golden_path(HERE, name), encoding="utf-8") as f:
            want = f.read()
        got = shape(err, HERE)
        if got != want:
            diff = next((i for i, (g, w) in enumerate(zip(got.splitlines(), want.splitlines())) if g != w), None)
            problems.append("traceback differs from CPython's (tracebacks/%s.txt) at line %s: %r" % (
                name[:-3], diff + 1 if diff is not None else "end",
                got.splitlines()[diff] if diff is not None else "%d lines" % len(got.splitlines())))
    return problems, err


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    args = ap.parse_args()
    failed = 0
    rows = load_expectations()
    listed = {r[0] for r in rows}
    tools = ("run_bad_input.py", "record_expected.py", "traceback_shape.py")
    for name in sorted(f for f in os.listdir(HERE) if f.endswith(".py") and f not in tools):
        if name not in listed:
            print("FAIL %s: no expectation in expected.tsv" % name)
            failed += 1
    for name, where, last in rows:
        problems, err = check(os.path.abspath(args.backstep), name, where, last)
        if problems:
            failed += 1
            print("FAIL %s: %s" % (name, "; ".join(problems)))
            for l in err.strip().splitlines()[-6:]:
                print("    " + l)
        else:
            print("PASS %s" % name)
    print("%d passed, %d failed" % (len(rows) - failed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
