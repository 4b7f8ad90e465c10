#!/usr/bin/env python3
"""Runs the shared conformance corpus's programs against backstep through
the corpus's own compare.py, comparing with what the pinned PyTorch 2.x
printed for them (expected/, recorded by the corpus's oracle.py under the
venv's Python: see --record), and allows exactly the failures listed in
expected_failures.txt.

    run_conformance.py --backstep build/backstep [--corpus DIR]
    run_conformance.py --record [--corpus DIR]     # re-record expected/ from the oracle

Fails when a program outside the list fails, and also when a listed
program passes (the list must shrink as issues land).
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECTED = os.path.join(HERE, "expected")
DEFAULT_CORPUS = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "conformance"))


def expected_failures():
    names = set()
    with open(os.path.join(HERE, "expected_failures.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                names.add(line.split()[0])
    return names


def record(corpus):
    """The corpus's oracle.py under the venv's PyTorch, into expected/."""
    sys.path.insert(0, os.path.join(HERE, "..", "tools"))
    from oracle_python import oracle_python
    oracle = os.path.join(corpus, "oracle.py")
    return subprocess.run([sys.executable, oracle, "--python", oracle_python(), "--out", EXPECTED]).returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep")
    ap.add_argument("--record", action="store_true")
    ap.add_argument("--corpus", default=os.environ.get("BACKSTEP_CONFORMANCE_DIR", DEFAULT_CORPUS))
    args = ap.parse_args()
    compare = os.path.join(args.corpus, "compare.py")
    if not os.path.exists(compare):
        # Not a skip: the records here are of that corpus's programs.
        print("conformance corpus not found at %s (set BACKSTEP_CONFORMANCE_DIR)" % args.corpus)
        return 1
    if args.record:
        return record(args.corpus)
    if not args.backstep:
        ap.error("--backstep is required")
    backstep = os.path.abspath(args.backstep)
    # Through leak_policy.py: LeakSanitizer off for the programs
    # tests/sanitizers/libtorch_cycles.txt names (a sanitizer build only).
    policy = os.path.join(os.path.dirname(HERE), "sanitizers", "leak_policy.py")
    cmd = backstep + " run {file}"
    if "ASAN_OPTIONS" in os.environ:
        cmd = "%s %s %s" % (sys.executable, policy, cmd)
    p = subprocess.run([sys.executable, compare, "--cmd", cmd, "--expected", EXPECTED, "-v"],
                       capture_output=True, text=True)
    allowed = expected_failures()
    bad = 0
    # compare.py exits 0 (all passed) or 1 (some failed), and prints one
    # PASS/FAIL line per record: anything else (a crash, a usage error, a
    # run that stopped early) is a failure of this step, not a pass.
    results = [l for l in p.stdout.splitlines() if l.startswith(("PASS ", "FAIL "))]
    records = [n for n in os.listdir(EXPECTED) if n.endswith(".json")]
    if p.returncode not in (0, 1) or len(results) != len(records):
        print("compare.py exited %d after %d result(s) for %d record(s):" % (p.returncode, len(results), len(records)))
        print(p.stderr[-2000:])
        bad += 1
    # compare.py runs the programs that have a record: a program new in the
    # corpus must not go untested.
    for name in sorted(os.listdir(os.path.join(args.corpus, "programs"))):
        if name.endswith(".py") and not os.path.exists(os.path.join(EXPECTED, name[:-3] + ".json")):
            print("NO RECORD %s: run tests/conformance/run_conformance.py --record" % name)
            bad += 1
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
