#!/usr/bin/env python3
"""The start-up path of a machine with an NVIDIA driver, on a machine
without one: the CUDA toolkit's stub libcuda (which answers every call with
"CUDA driver is a stub library") stands in for the driver. backstep then
loads libtorch_cuda at start-up (Note [loading libtorch_cuda]), and every
CUDA answer and error comes from libtorch's CUDA side, as in PyTorch run
with the same stub: tests/programs/cuda_without_gpu.py must print the same
under both, --version must say libtorch_cuda is loaded, and stepping
through a CPU backward (tests/debugger/break_name) must go as without it.

    test_stub_driver.py --backstep build/backstep

Without the toolkit's stub it says so in one line and passes.
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from oracle_python import oracle_python  # noqa: E402

PROGRAM = os.path.join(HERE, "..", "programs", "cuda_without_gpu.py")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    args = ap.parse_args()
    args.backstep = os.path.abspath(args.backstep)
    stubs = sorted(glob.glob("/usr/local/cuda*/lib64/stubs/libcuda.so")) + \
        sorted(glob.glob("/usr/local/cuda*/targets/*/lib/stubs/libcuda.so"))
    if not stubs:
        print("SKIP stub-driver test: no CUDA toolkit stub libcuda.so under /usr/local/cuda*")
        return 0
    if os.path.exists("/dev/nvidia0"):
        print("SKIP stub-driver test: a real GPU is here (tests/gpu run on it)")
        return 0
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        os.symlink(stubs[0], os.path.join(tmp, "libcuda.so.1"))
        env = dict(os.environ, LD_LIBRARY_PATH=tmp, OMP_NUM_THREADS="1", PYTHONWARNINGS="ignore", NO_COLOR="1")
        version = subprocess.run([args.backstep, "--version"], capture_output=True, text=True, env=env, timeout=120)
        if "loaded, 0 GPUs" not in version.stdout:
            failures.append("--version with a (stub) driver should say libtorch_cuda is loaded: %r" % version.stdout)
        got = subprocess.run([args.backstep, "run", "-W", "ignore", PROGRAM], capture_output=True, text=True, env=env,
                             timeout=120)
        want = subprocess.run([oracle_python(), PROGRAM], capture_output=True, text=True, env=env, timeout=300)
        if (got.returncode, got.stdout) != (want.returncode, want.stdout):
            failures.append("cuda_without_gpu.py with the stub driver:\nbackstep (exit %d):\n%s%s\nPyTorch (exit %d):\n%s"
                            % (got.returncode, got.stdout, got.stderr[-1500:], want.returncode, want.stdout))
        elif "CUDA driver is a stub library" not in got.stdout:
            failures.append("the errors do not come from libtorch's CUDA side: %r" % got.stdout)
        # The CPU engine and the debugger with libtorch_cuda loaded: the same
        # transcript as without it (but for the stub's one c10 warning).
        debugger = os.path.join(HERE, "..", "debugger")
        t = subprocess.run([args.backstep, "debug", "graph.py", "-x", "break_name.cmd"], cwd=debugger, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
        seen = "".join(l for l in t.stdout.splitlines(True) if "CUDAFunctions.cpp" not in l) + "[exit %d]\n" % t.returncode
        with open(os.path.join(debugger, "break_name.out"), encoding="utf-8") as f:
            if seen != f.read():
                failures.append("debugger transcript break_name differs with libtorch_cuda loaded:\n" + seen)
    for f in failures:
        print("FAIL " + f)
    print("stub driver: ok (libtorch_cuda loaded at start-up, PyTorch's answers and errors)" if not failures
          else "stub driver: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
