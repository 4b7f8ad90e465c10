#!/usr/bin/env python3
"""The debugger under repetition: N backwards, each paused at a breakpoint,
stepped a random number of nodes into and aborted with :abort, must leave
memory flat and the next backward correct. Runs N=100 and N=1000 and
compares peak RSS: a leak of even a few KB per aborted backward (a graph,
hooks left on nodes, a history that keeps tensors) shows as megabytes.

Usage: run_stress.py --backstep build/backstep [--sanitizer]

--sanitizer (a sanitizer build, scripts/test_sanitizers): the runs and their
checks are the same, but peak RSS is not compared -- ASan's quarantine and
TSan's shadow memory grow with the number of allocations, not with what the
program keeps; there the sanitizers' own reports are the check.
"""
import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
LIMIT_MB = 12  # peak RSS may grow this much from 100 to 1000 aborted backwards


def instantiate(template, placeholder, n, tmp):
    """A copy of the program `template` in tmp with `placeholder` set to n."""
    with open(os.path.join(HERE, template)) as f:
        program = f.read().replace(placeholder, str(n))
    path = os.path.join(tmp, f"{template[:-3]}_{n}.py")
    with open(path, "w") as f:
        f.write(program)
    return path


def run(backstep, n, tmp):
    path = instantiate("abort_loop.py", "N_BACKWARDS", n, tmp)
    cmd = os.path.join(tmp, f"abort_{n}.cmd")
    rng = random.Random(n)  # the same "random" nodes every run
    with open(cmd, "w") as f:
        f.write(":break SumBackward0\n:continue\n")  # :continue starts the program
        for _ in range(n):
            steps = rng.randrange(0, 11)  # the graph has 12 nodes
            f.write((f":step {steps}\n" if steps else "") + ":abort\n")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    p = subprocess.run([backstep, "debug", path, "-x", cmd], capture_output=True, text=True, timeout=600)
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return p, peak_kb if peak_kb > before else before


def run_returned_frames(backstep, n, tmp):
    """returned_frames.py for n steps under `debug`; its own peak RSS in KB."""
    path = instantiate("returned_frames.py", "N_STEPS", n, tmp)
    cmd = os.path.join(tmp, "continue.cmd")
    with open(cmd, "w") as f:
        f.write(":continue\n")
    out_path, err_path = path + ".out", path + ".err"
    with open(out_path, "w") as out, open(err_path, "w") as err:
        p = subprocess.Popen([backstep, "debug", path, "-x", cmd], stdout=out, stderr=err)
        killer = threading.Timer(600, p.kill)
        killer.start()
        # os.wait4 gives this child's own peak RSS (RUSAGE_CHILDREN is a
        # maximum over every child so far, the abort loops' among them).
        _, status, usage = os.wait4(p.pid, 0)
        killer.cancel()
    with open(out_path) as out, open(err_path) as err:
        return os.waitstatus_to_exitcode(status), out.read(), err.read(), usage.ru_maxrss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    ap.add_argument("--sanitizer", action="store_true", help="a sanitizer build: no peak-RSS comparison")
    args = ap.parse_args()
    backstep = os.path.abspath(args.backstep)
    tmp = tempfile.mkdtemp(prefix="backstep-stress-")
    failures = 0
    peaks = {}
    # The smaller run first: RUSAGE_CHILDREN reports the largest child so far.
    for n in (100, 1000):
        p, peak = run(backstep, n, tmp)
        peaks[n] = peak / 1024
        ok = (p.returncode == 0 and f"aborted {n}\n" in p.stdout and "a.grad == b: True" in p.stdout
              and p.stdout.count("Paused (breakpoint 1") == n + 1)
        print(f"{'PASS' if ok else 'FAIL'} {n} backwards aborted at random nodes, the next one correct"
              f" (peak RSS {peaks[n]:.1f} MB)")
        if not ok:
            failures += 1
            print(p.stdout[-1500:], p.stderr[-1500:])
    frames_peaks = {}
    for n in (20, 200):
        code, out, err, peak = run_returned_frames(backstep, n, tmp)
        frames_peaks[n] = peak / 1024
        ok = code == 0 and f"steps {n} w.grad finite: True" in out
        print(f"{'PASS' if ok else 'FAIL'} {n} steps under the debugger, each forward in a function that returns"
              f" (peak RSS {frames_peaks[n]:.1f} MB)")
        if not ok:
            failures += 1
            print(out[-1500:], err[-1500:])
    if args.sanitizer:
        print("peak RSS not compared: a sanitizer build (its allocator's quarantine and shadow memory)")
        return 1 if failures else 0
    growth = peaks[1000] - peaks[100]
    ok = growth <= LIMIT_MB
    print(f"{'PASS' if ok else 'FAIL'} peak RSS grew {growth:.1f} MB from 100 to 1000 aborted backwards (limit {LIMIT_MB} MB)")
    failures += not ok
    growth = frames_peaks[200] - frames_peaks[20]
    ok = growth <= LIMIT_MB
    print(f"{'PASS' if ok else 'FAIL'} peak RSS grew {growth:.1f} MB from 20 to 200 steps (limit {LIMIT_MB} MB;"
          f" a graph kept per step would add 180 MB)")
    failures += not ok
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
