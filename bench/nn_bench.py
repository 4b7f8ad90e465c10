#!/usr/bin/env python3
"""torch.nn's per-step cost: each program in bench/nn/ trains a small model
(forward, loss, backward, a hand-written SGD update) and prints the CPU
seconds per step of its hot loop; it runs under backstep and under CPython +
PyTorch (the oracle Python of the same run), best of N runs, and the ratio
is backstep's time over CPython's.

    bench/nn_bench.py BACKSTEP [runs]

Target (issue 13): every ratio at most 1.0 -- backstep's forward + backward
of a small MLP no slower than CPython + PyTorch per step. The ratios are
printed whether or not they meet it.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tests", "tools"))
from language_bench import best_of  # noqa: E402
from oracle_python import oracle_python  # noqa: E402

TARGET = 1.0


def main():
    backstep = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    python = oracle_python()
    folder = os.path.join(HERE, "nn")
    over = []
    print("%-20s %14s %14s %8s" % ("program", "backstep us", "CPython us", "ratio"))
    for name in sorted(f for f in os.listdir(folder) if f.endswith(".py")):
        path = os.path.join(folder, name)
        ours = best_of([backstep, "run", path], runs)
        theirs = best_of([python, path], runs)
        ratio = ours / theirs
        if ratio > TARGET:
            over.append(name)
        print("%-20s %14.1f %14.1f %8.2f" % (name[:-3], ours * 1e6, theirs * 1e6, ratio))
    print("target: ratio <= %.1f; %s" % (TARGET, "all within" if not over else "over: " + ", ".join(over)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
