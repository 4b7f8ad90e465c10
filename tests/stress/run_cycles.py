#!/usr/bin/env python3
"""Reference cycles under repetition: tests/stress/cycle_loop.py builds
cycles of every kind the collector handles (a self-containing list, a
closure that refers to itself, an object holding a bound method of itself,
instances pointing at each other, a module-like dict, an object whose
tensors' hooks refer back to it, a generator, iterators holding what they
iterate, builtin methods bound to their container, an instance with __del__
in a cycle, weakrefs whose callbacks refer back) N times. Runs N=10,000 and
N=100,000 and compares peak RSS: without the cycle collector each iteration
leaks kilobytes, so 90,000 more iterations would show as hundreds of MB.

Usage: run_cycles.py --backstep build/backstep
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LIMIT_MB = 16  # peak RSS may grow this much from 10k to 100k iterations
EXPECTED = "grad [4.0, 4.0, 4.0]\nfinalized all True\ndone\n"


def peak_rss_mb(backstep, n, tmp):
    with open(os.path.join(HERE, "cycle_loop.py")) as f:
        program = f.read().replace("N_ITERATIONS", str(n))
    path = os.path.join(tmp, f"cycle_loop_{n}.py")
    with open(path, "w") as f:
        f.write(program)
    # GNU time's peak RSS of this one child (getrusage(RUSAGE_CHILDREN) would
    # report the largest child so far, hiding the first run's).
    p = subprocess.run(["/usr/bin/env", "python3", "-c",
                        "import resource,subprocess,sys;"
                        "r=subprocess.run(sys.argv[1:],capture_output=True,text=True);"
                        "sys.stdout.write(r.stdout);sys.stderr.write(r.stderr);"
                        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,file=sys.stderr);"
                        "sys.exit(r.returncode)",
                        backstep, "run", path], capture_output=True, text=True, timeout=1200)
    err_lines = p.stderr.strip().splitlines()
    peak_kb = int(err_lines[-1]) if err_lines and err_lines[-1].isdigit() else 0
    if p.returncode != 0 or p.stdout != EXPECTED:
        print(f"FAIL N={n}: exit {p.returncode}\nstdout:\n{p.stdout}\nstderr:\n{p.stderr[-3000:]}")
        return None
    return peak_kb / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        small = peak_rss_mb(args.backstep, 10_000, tmp)
        large = peak_rss_mb(args.backstep, 100_000, tmp)
    if small is None or large is None:
        return 1
    growth = large - small
    ok = growth <= LIMIT_MB
    print(f"{'PASS' if ok else 'FAIL'} peak RSS {small:.1f} MB after 10,000 iterations, {large:.1f} MB after "
          f"100,000 (grew {growth:.1f} MB, limit {LIMIT_MB} MB)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
