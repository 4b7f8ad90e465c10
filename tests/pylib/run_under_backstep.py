#!/usr/bin/env python3
"""Runs the pylib case programs (tests/pylib/{core,tools}/cases/*.py) under
backstep and compares each with what CPython printed for it, recorded in
tests/pylib/expected/<suite>.json by `--record`.

    run_under_backstep.py --backstep build/backstep [-v] [substring ...]
    run_under_backstep.py --record            # under the oracle Python

Compared: standard output exactly, the exit status, and standard error
exactly except inside a traceback, where only the last line (`Type: message`)
counts: backstep's traceback shows columns and carets of its own, and
CPython's names the files of its standard library.

A case listed in known_failing.txt must fail (so the list cannot go stale);
every other case must pass. The list is the part of the standard library
backstep does not yet run as CPython does; docs/language.md names it.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SUITES = ("core", "tools")
KNOWN_FAILING = os.path.join(HERE, "known_failing.txt")


def cases(suite):
    folder = os.path.join(HERE, suite, "cases")
    return sorted(f[:-3] for f in os.listdir(folder) if f.endswith(".py"))


def run(cmd, suite, name):
    # As a user runs a script: from its folder, by its file name, so relative
    # paths and tracebacks name the same file under both.
    env = dict(os.environ, PYTHONHASHSEED="0", OMP_NUM_THREADS="1", CUDA_VISIBLE_DEVICES="")
    env.pop("PYTHONPATH", None)
    try:
        p = subprocess.run(cmd + [name + ".py"], cwd=os.path.join(HERE, suite, "cases"),
                           capture_output=True, text=True, errors="backslashreplace", env=env, timeout=30)
    except subprocess.TimeoutExpired:
        return {"stdout": "", "stderr": "still running after 30 s\n", "exit": -1}
    # CPython names the script by its absolute path (warnings, __file__); the
    # clone's folder is not part of what is compared.
    folder = os.path.join(HERE, suite, "cases") + os.sep
    return {"stdout": p.stdout.replace(folder, "<cases>/"), "stderr": p.stderr.replace(folder, "<cases>/"),
            "exit": p.returncode}


def without_traceback_bodies(stderr):
    """Keeps everything but the frames of a traceback: from a `Traceback`
    line up to the exception line, only the exception line stays."""
    kept, in_tb = [], False
    for line in stderr.splitlines():
        if line.startswith("Traceback (most recent call last):"):
            in_tb = True
            continue
        if in_tb and (line.startswith(" ") or line == ""):
            continue
        in_tb = False
        kept.append(line)
    return kept


def first_difference(got, want):
    if got["exit"] != want["exit"]:
        return "exit status %d, expected %d (stderr ends %r)" % (
            got["exit"], want["exit"], got["stderr"].strip().splitlines()[-1:])
    for stream, g, w in (("stdout", got["stdout"].splitlines(), want["stdout"].splitlines()),
                         ("stderr", without_traceback_bodies(got["stderr"]),
                          without_traceback_bodies(want["stderr"]))):
        for i, (a, b) in enumerate(zip(g, w)):
            if a != b:
                return "%s line %d: %r != %r" % (stream, i + 1, a, b)
        if len(g) != len(w):
            return "%s has %d lines, expected %d" % (stream, len(g), len(w))
    return None


def record():
    sys.path.insert(0, os.path.join(HERE, "..", "tools"))
    from oracle_python import reexec_under_oracle
    reexec_under_oracle()
    os.makedirs(os.path.join(HERE, "expected"), exist_ok=True)
    for suite in SUITES:
        results = {name: run([sys.executable], suite, name) for name in cases(suite)}
        with open(os.path.join(HERE, "expected", suite + ".json"), "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1, sort_keys=True)
            f.write("\n")
        print("recorded %d %s cases with %s" % (len(results), suite, sys.version.split()[0]))
    return 0


def known_failing():
    with open(KNOWN_FAILING, encoding="utf-8") as f:
        return {line.split("#")[0].strip() for line in f} - {""}


def check(backstep, verbose, only):
    expected_fail = known_failing()
    problems, passed, still_failing = [], 0, 0
    for suite in SUITES:
        with open(os.path.join(HERE, "expected", suite + ".json"), encoding="utf-8") as f:
            recorded = json.load(f)
        for name in cases(suite):
            key = "%s/%s" % (suite, name)
            if only and not any(s in key for s in only):
                continue
            if name not in recorded:
                problems.append("%s: no recorded output (run --record)" % key)
                continue
            diff = first_difference(run([os.path.abspath(backstep), "run"], suite, name), recorded[name])
            if key in expected_fail:
                if diff is None:
                    problems.append("%s now passes: remove it from known_failing.txt" % key)
                else:
                    still_failing += 1
                    if verbose:
                        print("known failing %s: %s" % (key, diff))
            elif diff is None:
                passed += 1
                if verbose:
                    print("PASS %s" % key)
            else:
                problems.append("%s: %s" % (key, diff))
    for p in problems:
        print("FAIL " + p)
    print("%d passed, %d failed, %d known failing (known_failing.txt)" % (passed, len(problems), still_failing))
    return 1 if problems else 0


def check_pylib_dir(backstep):
    """BACKSTEP_PYLIB_DIR (Note [BACKSTEP_PYLIB_DIR]): a module read from the
    folder replaces the compiled-in one, and a module missing there is missing."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "string.py"), "w") as f:
            f.write("ascii_lowercase = 'from the folder'\n")
        os.mkdir(os.path.join(d, "program"))  # not beside string.py: sys.path[0] would find it
        prog = os.path.join(d, "program", "prog.py")
        with open(prog, "w") as f:
            f.write("import string\nprint(string.ascii_lowercase, string.__file__)\nimport copy\n")
        env = dict(os.environ, BACKSTEP_PYLIB_DIR=d)
        p = subprocess.run([os.path.abspath(backstep), "run", prog], capture_output=True, text=True, env=env, timeout=30)
    problems = []
    if p.stdout != "from the folder <pylib>/string.py\n":
        problems.append("BACKSTEP_PYLIB_DIR: stdout %r" % p.stdout)
    if "No module named 'copy'" not in p.stderr or p.returncode != 1:
        problems.append("BACKSTEP_PYLIB_DIR: a module absent from the folder was found (exit %d, %r)" % (p.returncode, p.stderr))
    for problem in problems:
        print("FAIL " + problem)
    return problems


def remove_debris_of_failed_runs():
    """tools/os_files makes /tmp/backstep_pylib_os_<pid> and removes it when it
    succeeds; a run that failed midway leaves it, and a later run whose pid
    matches then fails with FileExistsError. Folders of processes that no
    longer exist are removed first."""
    import glob
    import shutil
    for path in glob.glob("/tmp/backstep_pylib_os_*"):
        pid = path.rsplit("_", 1)[1]
        if pid.isdigit() and not os.path.exists(f"/proc/{pid}"):
            shutil.rmtree(path, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--backstep")
    ap.add_argument("--record", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("only", nargs="*", help="only cases whose suite/name contains one of these")
    args = ap.parse_args()
    if args.record:
        return record()
    if not args.backstep:
        ap.error("--backstep is required unless --record")
    remove_debris_of_failed_runs()
    status = check(args.backstep, args.verbose, args.only)
    return 1 if check_pylib_dir(args.backstep) else status


if __name__ == "__main__":
    sys.exit(main())
