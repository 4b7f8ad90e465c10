#!/usr/bin/env python3
"""The language's own speed: each program in bench/language/ times its hot
loop (time.perf_counter inside the program, so start-up is not counted) under
backstep and under CPython (the oracle Python of the same run), best of N runs,
and prints backstep's time as a ratio to CPython's.

    bench/language_bench.py BACKSTEP [runs]

Target (issue 11): every ratio at most 1.0 -- backstep no slower than CPython
per call. The ratios are printed whether or not they meet it.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "tools"))
from oracle_python import oracle_python  # noqa: E402

TARGET = 1.0


def best_of(cmd, runs):
    best = None
    for _ in range(runs):
        p = subprocess.run(cmd, capture_output=True, text=True, check=True,
                           env=dict(os.environ, OMP_NUM_THREADS="1"))
        t = float(p.stdout.strip().splitlines()[-1])
        best = t if best is None else min(best, t)
    return best


def main():
    backstep = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    python = oracle_python()
    folder = os.path.join(HERE, "language")
    over = []
    print("%-28s %12s %12s %8s" % ("program", "backstep s", "CPython s", "ratio"))
    for name in sorted(f for f in os.listdir(folder) if f.endswith(".py")):
        path = os.path.join(folder, name)
        ours = best_of([backstep, "run", path], runs)
        theirs = best_of([python, path], runs)
        ratio = ours / theirs
        if ratio > TARGET:
            over.append(name)
        print("%-28s %12.4f %12.4f %8.2f" % (name[:-3], ours, theirs, ratio))
    print("target: ratio <= %.1f; %s" % (TARGET, "all within" if not over else "over: " + ", ".join(over)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
