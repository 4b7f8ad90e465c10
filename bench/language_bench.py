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


def compare_folder(folder, backstep, runs, target, unit="s", scale=1.0, fmt="%12.4f", width=28):
    """Times every program in `folder` under backstep and the oracle Python;
    prints a row per program and the target line. Shared by nn_bench.py."""
    python = oracle_python()
    over = []
    col = "%" + str(len(fmt % 0.0)) + "s"
    print(("%-" + str(width) + "s " + col + " " + col + " %8s") % ("program", "backstep " + unit, "CPython " + unit, "ratio"))
    for name in sorted(f for f in os.listdir(folder) if f.endswith(".py")):
        path = os.path.join(folder, name)
        ours = best_of([backstep, "run", path], runs)
        theirs = best_of([python, path], runs)
        ratio = ours / theirs
        if ratio > target:
            over.append(name)
        print(("%-" + str(width) + "s " + fmt + " " + fmt + " %8.2f") % (name[:-3], ours * scale, theirs * scale, ratio))
    print("target: ratio <= %.1f; %s" % (target, "all within" if not over else "over: " + ", ".join(over)))


def main():
    backstep = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    compare_folder(os.path.join(HERE, "language"), backstep, runs, TARGET)
    return 0


if __name__ == "__main__":
    sys.exit(main())
