#!/usr/bin/env python3
"""torch.save / torch.load of a 100 MB state_dict (25 float32 tensors of
1024x1024) under backstep and under CPython + PyTorch (the oracle of the same
run): best of N runs each, timed inside the program (start-up not counted),
backstep's time printed as a ratio to PyTorch's.

    bench/checkpoint_bench.py BACKSTEP [runs] [megabytes]
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "tools"))
from oracle_python import oracle_python  # noqa: E402

PROGRAM = r'''
import collections
import time
import torch
sd = collections.OrderedDict()
for i in range(%(tensors)d):
    sd['layer%%d.weight' %% i] = torch.ones(1024, 1024)
t0 = time.perf_counter()
torch.save(sd, %(path)r)
t1 = time.perf_counter()
back = torch.load(%(path)r)
t2 = time.perf_counter()
assert len(back) == len(sd)
print(t1 - t0, t2 - t1)
'''


def best_of(cmd, runs):
    best = None
    for _ in range(runs):
        p = subprocess.run(cmd, capture_output=True, text=True, check=True, env=dict(os.environ, OMP_NUM_THREADS="1"))
        save, load = (float(x) for x in p.stdout.split())
        best = (save, load) if best is None else (min(best[0], save), min(best[1], load))
    return best


def main():
    backstep = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    megabytes = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    with tempfile.TemporaryDirectory(prefix="backstep-checkpoint-bench-") as work:
        prog = os.path.join(work, "bench.py")
        with open(prog, "w") as f:
            f.write(PROGRAM % {"tensors": max(1, megabytes // 4), "path": os.path.join(work, "ck.pt")})
        py = best_of([oracle_python(), prog], runs)
        bs = best_of([backstep, "run", prog], runs)
    for name, p, b in (("save", py[0], bs[0]), ("load", py[1], bs[1])):
        print("%s %d MB: PyTorch %.3f s, backstep %.3f s, ratio %.2f" % (name, megabytes, p, b, b / p))


if __name__ == "__main__":
    main()
