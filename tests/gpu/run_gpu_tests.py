#!/usr/bin/env python3
"""The tests that need a CUDA GPU. Every program here starts with
`# requires: cuda`.

    run_gpu_tests.py --backstep build/backstep [--require-gpu]

Where backstep sees no GPU (torch.cuda.is_available() is False) this prints
one line saying the tests were skipped and why, and exits 0; with
--require-gpu (`scripts/test --gpu`) it fails instead.

With a GPU:
  - each program's output under backstep must equal real PyTorch's, run
    now on the same GPU (GPU outputs cannot be recorded on the machines
    without one, where the recorded expectations are made);
  - debug_graph.py is stepped through with debug_graph.cmd on cuda and on
    cpu: the two transcripts must be the same once the device is taken out
    of them (the pausing and hand-off hold on libtorch's device threads);
  - `run --trace` of cuda_backward_summaries.py writes gradient summaries
    that name the device, and the trace validates against its schema.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from oracle_python import oracle_python  # noqa: E402

MARK = "# requires: cuda"


def gpu_programs():
    out = []
    for name in sorted(os.listdir(HERE)):
        if name.endswith(".py") and name != os.path.basename(__file__):
            with open(os.path.join(HERE, name), encoding="utf-8") as f:
                if f.readline().strip() == MARK:
                    out.append(name)
    return out


def run(argv, env=None, merge=False):
    """stdout and stderr apart, or (merge) together as a terminal shows them."""
    return subprocess.run(argv, cwd=HERE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT if merge else subprocess.PIPE,
                          text=True, timeout=300, env=dict(os.environ, OMP_NUM_THREADS="1", NO_COLOR="1", **(env or {})))


def backstep_sees_gpu(backstep):
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "probe.py")
        with open(probe, "w", encoding="utf-8") as f:
            f.write("import torch\nprint(torch.cuda.is_available())\n")
        p = run([backstep, "run", probe])
    return p.returncode == 0 and p.stdout.strip() == "True"


def check_programs(backstep, failures):
    for name in gpu_programs():
        if name.startswith("debug_"):
            continue
        want = run([oracle_python(), name])
        got = run([backstep, "run", name])
        if (got.returncode, got.stdout) != (want.returncode, want.stdout):
            failures.append("%s: backstep printed\n%s(exit %d)\nPyTorch printed\n%s(exit %d)\n%s"
                            % (name, got.stdout, got.returncode, want.stdout, want.returncode, got.stderr[-2000:]))
        else:
            print("PASS %s" % name)


def without_device(text):
    return re.sub(r" ?cuda:0|, device='cuda:0'", "", text)


def check_stepping(backstep, failures):
    transcripts = {}
    for device in ("cuda", "cpu"):
        p = run([backstep, "debug", "debug_graph.py", "-x", "debug_graph.cmd"], env={"BACKSTEP_TEST_DEVICE": device},
                merge=True)
        transcripts[device] = p.stdout + "[exit %d]\n" % p.returncode
    cuda, cpu = transcripts["cuda"], transcripts["cpu"]
    if "cuda:0" not in cuda or "Paused (breakpoint 1: MulBackward0)" not in cuda:
        failures.append("debug_graph on cuda: no pause at MulBackward0 naming cuda:0:\n" + cuda)
    elif without_device(cuda) != cpu:
        failures.append("debug_graph: the cuda transcript differs from the cpu one:\n%s\n---\n%s" % (cuda, cpu))
    else:
        print("PASS debug_graph (stepping on cuda, as on cpu)")


def check_trace(backstep, schema_checker, failures):
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "trace.json")
        p = run([backstep, "run", "--trace", trace, "cuda_backward_summaries.py"])
        if p.returncode != 0:
            failures.append("trace run failed: " + p.stderr[-2000:])
            return
        with open(trace, encoding="utf-8") as f:
            data = json.load(f)
        grads = [g for b in data["backwards"] for r in b["records"] for g in r["grad_outputs"] if g]
        if not grads or any(g.get("device") != "cuda:0" for g in grads):
            failures.append("trace summaries do not all say cuda:0: %r" % grads[:3])
            return
        if schema_checker:
            s = run([schema_checker, os.path.join(HERE, "..", "..", "docs", "trace.schema.json"), trace])
            if s.returncode != 0:
                failures.append("trace does not validate: " + s.stdout + s.stderr)
                return
        print("PASS trace of a CUDA backward (summaries on cuda:0)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    ap.add_argument("--schema-checker")
    ap.add_argument("--require-gpu", action="store_true", help="fail when there is no GPU (scripts/test --gpu)")
    args = ap.parse_args()
    backstep = os.path.abspath(args.backstep)
    programs = gpu_programs()
    if not backstep_sees_gpu(backstep):
        if args.require_gpu:
            print("FAIL: --gpu asked for the %d GPU tests, but backstep sees no CUDA GPU here "
                  "(torch.cuda.is_available() is False)" % len(programs))
            return 1
        print("SKIP %d GPU tests (tests/gpu): no CUDA GPU here; scripts/test --gpu runs them on a machine with one"
              % len(programs))
        return 0
    failures = []
    check_programs(backstep, failures)
    check_stepping(backstep, failures)
    check_trace(backstep, args.schema_checker and os.path.abspath(args.schema_checker), failures)
    for f in failures:
        print("FAIL " + f)
    print("%d GPU checks failed" % len(failures) if failures else "all GPU checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
