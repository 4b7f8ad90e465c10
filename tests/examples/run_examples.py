#!/usr/bin/env python3
"""Runs every program in examples/ and compares its standard output with
what real PyTorch printed for it (expected/<name>.out, recorded once with
`/usr/bin/python3 examples/<name>.py`). Programs that need the debugger or a
renderer get their command line from a `# test-args:` header line.

    run_examples.py --backstep build/backstep
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.normpath(os.path.join(HERE, "..", "..", "examples"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    args = ap.parse_args()
    failed = 0
    names = sorted(f for f in os.listdir(EXAMPLES) if f.endswith(".py"))
    for name in names:
        expected_path = os.path.join(HERE, "expected", name[:-3] + ".out")
        p = subprocess.run([os.path.abspath(args.backstep), "run", os.path.join(EXAMPLES, name)],
                           capture_output=True, text=True, timeout=300)
        problems = []
        if p.returncode != 0:
            problems.append("exit status %d: %s" % (p.returncode, p.stderr.strip().splitlines()[-1:]))
        if not os.path.exists(expected_path):
            problems.append("no expected output %s" % os.path.relpath(expected_path))
        else:
            with open(expected_path, encoding="utf-8") as f:
                want = f.read()
            if p.stdout != want:
                got, exp = p.stdout.splitlines(), want.splitlines()
                for i, (g, e) in enumerate(zip(got, exp)):
                    if g != e:
                        problems.append("line %d: %r != %r" % (i + 1, g, e))
                        break
                else:
                    problems.append("%d lines, expected %d" % (len(got), len(exp)))
        if problems:
            failed += 1
            print("FAIL %s: %s" % (name, "; ".join(problems)))
        else:
            print("PASS %s" % name)
    print("%d passed, %d failed" % (len(names) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
