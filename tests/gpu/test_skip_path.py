#!/usr/bin/env python3
"""The skip path of run_gpu_tests.py, on any machine: with the GPUs hidden
(CUDA_VISIBLE_DEVICES=""), the GPU tests are skipped with exactly one line
and exit status 0, and --require-gpu (scripts/test --gpu) fails.

    test_skip_path.py --backstep build/backstep
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    args = ap.parse_args()
    env = dict(os.environ, CUDA_VISIBLE_DEVICES="")
    runner = [sys.executable, os.path.join(HERE, "run_gpu_tests.py"), "--backstep", args.backstep]
    failures = []
    p = subprocess.run(runner, capture_output=True, text=True, env=env, timeout=120)
    lines = p.stdout.splitlines()
    if p.returncode != 0 or len(lines) != 1 or not lines[0].startswith("SKIP ") or "no CUDA GPU" not in lines[0]:
        failures.append("without a GPU: want one SKIP line and exit 0, got exit %d: %r %r" % (p.returncode, p.stdout, p.stderr))
    n = sum(1 for f in os.listdir(HERE) if f.endswith(".py") and open(os.path.join(HERE, f)).readline().strip() == "# requires: cuda")
    if n < 3 or ("SKIP %d GPU tests" % n) not in p.stdout:
        failures.append("the skip line does not count the %d marked programs: %r" % (n, p.stdout))
    q = subprocess.run(runner + ["--require-gpu"], capture_output=True, text=True, env=env, timeout=120)
    if q.returncode == 0 or "no CUDA GPU" not in q.stdout:
        failures.append("--require-gpu without a GPU: want a failure naming the missing GPU, got exit %d: %r" % (q.returncode, q.stdout))
    for f in failures:
        print("FAIL " + f)
    print("skip path: ok" if not failures else "skip path: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
