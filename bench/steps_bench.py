#!/usr/bin/env python3
"""What a per-step summary trace costs a training loop: bench/steps/train_loop.py
(a small MLP, SGD with momentum) under backstep plain, and under
`backstep run --trace OUT --trace-mode summary`, alternating, best of N runs
each; the ratio is recorded over plain, measured in the same run.

    bench/steps_bench.py BACKSTEP [runs]

Target (issue 14): ratio <= 1.05. Printed whether or not it is met.
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "steps", "train_loop.py")
TARGET = 1.05


def seconds_per_step(backstep, extra):
    env = dict(os.environ, OMP_NUM_THREADS="1")
    p = subprocess.run([backstep, "run", PROGRAM, *extra], capture_output=True, text=True, env=env, timeout=600)
    if p.returncode != 0:
        sys.exit("bench/steps_bench.py: %s failed:\n%s" % (PROGRAM, p.stderr))
    return float(p.stdout.strip().splitlines()[-1])


def main():
    backstep = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    with tempfile.TemporaryDirectory(prefix="backstep-steps-bench-") as tmp:
        trace = os.path.join(tmp, "steps.jsonl")
        plain, recorded = [], []
        for _ in range(runs):
            plain.append(seconds_per_step(backstep, []))
            recorded.append(seconds_per_step(backstep, ["--trace", trace, "--trace-mode", "summary"]))
        lines = sum(1 for _ in open(trace))
    base, measured = min(plain), min(recorded)
    ratio = measured / base
    print("%-52s %12s %12s %7s" % ("", "baseline", "measured", "ratio"))
    print("%-52s %9.1f us %9.1f us %6.3fx  (target <= %.2fx: %s)" % (
        "training step, plain -> summary trace (%d lines)" % lines, base * 1e6, measured * 1e6, ratio, TARGET,
        "met" if ratio <= TARGET else "MISSED"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
