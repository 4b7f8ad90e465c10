#!/usr/bin/env python3
"""Records what real PyTorch prints for every program in a folder into
<expected>/<name>.out: the oracle run_golden.py compares backstep with.

    record_golden.py --programs examples --expected tests/examples/expected
    record_golden.py --programs tests/programs --expected tests/programs/expected [NAME...]

It runs itself under the oracle (the venv's Python with the pinned torch
wheel backstep links, see tests/tools/oracle_python.py). Sub-folders as in
run_golden.py. A program whose first line is `# oracle: hand` keeps its
hand-checked output (it exercises what backstep refuses where PyTorch runs,
e.g. forward-mode AD); every other program must exit as its
`# expect-exit: N` line says (0 without one), or nothing is written for it.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "tools"))
from oracle_python import reexec_under_oracle  # noqa: E402
from numeric_env import oracle_environment  # noqa: E402
from run_golden import expected_exit, hand_checked, program_names  # noqa: E402


def record(programs, expected, name):
    path = os.path.join(programs, name)
    if hand_checked(path):
        return "kept (hand-checked)"
    # As run_golden.py runs backstep: from the same folder, with the same path;
    # breakpoint() is the debugger's business, a no-op for the oracle.
    p = subprocess.run([sys.executable, path], capture_output=True, text=True, env=oracle_environment(), timeout=600)
    if p.returncode != expected_exit(path):
        return "FAILED: exit status %d under PyTorch:\n%s" % (p.returncode, p.stderr)
    out = os.path.join(expected, name[:-3] + ".out")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(p.stdout)
    return "recorded"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--programs", required=True)
    ap.add_argument("--expected", required=True)
    ap.add_argument("names", nargs="*", help="only these programs (paths relative to --programs)")
    args = ap.parse_args()
    names = args.names or program_names(args.programs)
    failed = 0
    for name in names:
        status = record(args.programs, args.expected, name)
        failed += status.startswith("FAILED")
        print("%s: %s" % (name, status))
    return 1 if failed else 0


if __name__ == "__main__":
    reexec_under_oracle()
    sys.exit(main())
