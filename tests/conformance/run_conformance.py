#!/usr/bin/env python3
"""Runs the shared conformance corpus (real PyTorch 1.13 outputs) against
backstep through the corpus's own compare.py, and allows exactly the
failures listed in expected_failures.txt.

    run_conformance.py --backstep build/backstep [--corpus DIR]

Fails when a program outside the list fails, and also when a listed
program passes (the list must shrink as issues land).
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "conformance"))


def expected_failures():
    names = set()
    with open(os.path.join(HERE, "expected_failures.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                names.add(line.split()[0])
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    ap.add_argument("--corpus", default=os.environ.get("BACKSTEP_CONFORMANCE_DIR", DEFAULT_CORPUS))
    args = ap.parse_args()
    compare = os.path.join(args.corpus, "compare.py")
    if not os.path.exists(compare):
        print("conformance corpus not found at %s (set BACKSTEP_CONFORMANCE_DIR); skipped" % args.corpus)
        return 0
    backstep = os.path.abspath(args.backstep)
    p = subprocess.run([sys.executable, compare, "--cmd", backstep + " run {file}", "-v"],
                       capture_output=True, text=True)
    allowed = expected_failures()
    bad = 0
    for line in p.stdout.splitlines():
        if line.startswith("PASS "):
            name = line.split()[1]
            if name in allowed:
                print("UNEXPECTED PASS %s: delete it from tests/conformance/expected_failures.txt" % name)
                bad += 1
            else:
                print(line)
        elif line.startswith("FAIL "):
            name = line.split()[1].rstrip(":")
            if name in allowed:
                print("XFAIL %s" % name)
            else:
                print(line)
                bad += 1
        elif line.startswith("    ") and bad:
            print(line)
        elif "passed" in line:
            print(line)
    print("conformance: %d unexpected result(s)" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
