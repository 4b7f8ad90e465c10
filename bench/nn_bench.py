#!/usr/bin/env python3
"""torch.nn's per-step cost: each program in bench/nn/ trains a small model
(forward, loss, backward, a hand-written SGD update) and prints the CPU
seconds per step of its hot loop; it runs under backstep and under CPython +
PyTorch (the oracle Python of the same run), best of N runs, and the ratio
is backstep's time over CPython's.

    bench/nn_bench.py BACKSTEP [runs]

Target (issue 13): every ratio at most 1.0 -- backstep's forward + backward
of a small MLP (mlp_step.py) and of a Transformer encoder layer
(transformer_step.py) no slower than CPython + PyTorch per step. The ratios are
printed whether or not they meet it.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tests", "tools"))
from language_bench import compare_folder  # noqa: E402

TARGET = 1.0


def main():
    backstep = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    compare_folder(os.path.join(HERE, "nn"), backstep, runs, TARGET, unit="us", scale=1e6, fmt="%14.1f", width=20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
