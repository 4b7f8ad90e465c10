#!/usr/bin/env python3
"""Runs every program in a folder and compares its standard output with a
recorded one (<expected>/<name>.out): what real PyTorch printed for it
(recorded by record_golden.py), or a hand-checked output for what backstep
refuses where PyTorch runs.

    run_golden.py --backstep build/backstep --programs examples --expected tests/examples/expected
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "sanitizers"))
import leak_policy  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "tools"))
from numeric_env import numeric_environment, oracle_environment  # noqa: E402
from oracle_python import oracle_python  # noqa: E402
SKIP = {"record_golden.py"}


def program_names(folder):
    """The programs under folder, sub-folders too (examples/graphs/mlp.py ->
    <expected>/graphs/mlp.out); a package (a folder with __init__.py) holds
    modules the programs import, not programs."""
    names = []
    for d, subdirs, files in os.walk(folder):
        subdirs[:] = sorted(x for x in subdirs if not os.path.exists(os.path.join(d, x, "__init__.py")))
        names += [os.path.relpath(os.path.join(d, f), folder) for f in files if f.endswith(".py") and f not in SKIP]
    return sorted(names)


def header(path, key):
    """A `# key: value` line in the program's leading comment block, or None."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                break
            if line.startswith("# %s:" % key):
                return line.split(":", 1)[1].strip()
    return None


def expected_exit(path):
    """A program that fails on purpose says so: `# expect-exit: 1`."""
    return int(header(path, "expect-exit") or 0)


def environment(path):
    """The program's environment: as record_golden.py runs the oracle, and
    with LeakSanitizer off for the programs tests/sanitizers/libtorch_cycles.txt
    names (cycles inside libtorch itself)."""
    return leak_policy.environment(path, dict(numeric_environment(), PYTHONHASHSEED="0"))


# Note [A record from another CPU]
# A record is what real PyTorch printed on the machine that recorded it.
# PyTorch's own numbers differ between CPUs in the last bits even with one
# ATen kernel set pinned (Note [One CPU kernel set for every fixture]): MKL
# and oneDNN choose their code paths by the CPU's model and vendor, and no
# setting makes an AMD EPYC and a Sapphire Rapids Xeon round a matmul alike
# (MKL_CBWR, MKL_ENABLE_INSTRUCTIONS and ONEDNN_MAX_CPU_ISA were tried).
# So where backstep's output differs from the record, the oracle itself runs
# the program on this machine, as record_golden.py would: backstep passes
# only if it prints exactly what real PyTorch prints here, and the report
# says so. A hand-checked record has no oracle and is never excused.
def this_machines_pytorch(path):
    """What the oracle prints for the program here: (exit status, stdout)."""
    p = subprocess.run([oracle_python(), path], capture_output=True, text=True, env=oracle_environment(),
                       timeout=600)
    return p.returncode, p.stdout


def hand_checked(path):
    with open(path, encoding="utf-8") as f:
        return f.readline().startswith("# oracle: hand")


def first_difference(got_text, want_text):
    got, exp = got_text.splitlines(), want_text.splitlines()
    for i, (g, e) in enumerate(zip(got, exp)):
        if g != e:
            return "line %d: %r != %r" % (i + 1, g, e)
    return "%d lines, expected %d" % (len(got), len(exp))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    ap.add_argument("--programs", required=True)
    ap.add_argument("--expected", required=True)
    args = ap.parse_args()
    failed = rerun = 0
    names = program_names(args.programs)
    for name in names:
        expected_path = os.path.join(args.expected, name[:-3] + ".out")
        p = subprocess.run([os.path.abspath(args.backstep), "run", os.path.join(args.programs, name)],
                           capture_output=True, text=True, timeout=300,
                           env=environment(os.path.join(args.programs, name)))
        problems = []
        want_exit = expected_exit(os.path.join(args.programs, name))
        if p.returncode != want_exit:
            problems.append("exit status %d, expected %d: %s" % (p.returncode, want_exit, p.stderr.strip().splitlines()[-1:]))
        if not os.path.exists(expected_path):
            problems.append("no expected output %s" % os.path.relpath(expected_path))
        else:
            with open(expected_path, encoding="utf-8") as f:
                want = f.read()
            if p.stdout != want:
                # Note [A record from another CPU]
                program = os.path.join(args.programs, name)
                here = None if problems or hand_checked(program) else this_machines_pytorch(program)
                if here == (want_exit, p.stdout):
                    rerun += 1
                    print("PASS %s (as this machine's PyTorch prints it; the record, from another CPU, differs at %s)"
                          % (name, first_difference(p.stdout, want)))
                    continue
                problems.append(first_difference(p.stdout, want))
                if here is not None:
                    problems.append("this machine's PyTorch: %s" % (
                        "exit status %d" % here[0] if here[0] != want_exit else first_difference(p.stdout, here[1])))
        if problems:
            failed += 1
            print("FAIL %s: %s" % (name, "; ".join(problems)))
        else:
            print("PASS %s" % name)
    print("%d passed, %d failed" % (len(names) - failed, failed)
          + (" (%d of the passes against this machine's PyTorch: Note [A record from another CPU])" % rerun if rerun else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
