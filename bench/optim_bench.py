#!/usr/bin/env python3
"""One training step with torch.optim: each program in bench/optim/ runs
zero_grad, forward, loss, backward and optimizer.step() on a small model and
prints the CPU seconds per step of its hot loop; it runs under backstep and
under CPython + PyTorch (the oracle Python of the same run), best of N runs,
and the ratio is backstep's time over CPython's.

    bench/optim_bench.py BACKSTEP [runs]

Target (issue 14): the MLP steps at most 0.8x CPython's time. The CNN's
step is dominated by the convolutions, so its ratio is near 1 whatever the
interpreter does; it is printed for reference. The ratios are printed
whether or not they meet the target.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tests", "tools"))
from language_bench import compare_folder  # noqa: E402

TARGET = 0.8


def main():
    backstep = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    compare_folder(os.path.join(HERE, "optim"), backstep, runs, TARGET, unit="us", scale=1e6, fmt="%14.1f", width=20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
