"""Which programs run with LeakSanitizer off: tests/sanitizers/libtorch_cycles.txt.

As a module: environment(path) is the environment to run the program in.
As a command (compare.py's --cmd for the conformance corpus):
    leak_policy.py BACKSTEP run FILE   runs backstep in that environment.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def libtorch_cycles():
    names = set()
    with open(os.path.join(HERE, "libtorch_cycles.txt"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                names.add(line.split()[0])
    return names


def environment(path, base=None):
    env = dict(os.environ if base is None else base)
    if "ASAN_OPTIONS" in env and os.path.basename(path) in libtorch_cycles():
        env["ASAN_OPTIONS"] += ":detect_leaks=0"
    return env


if __name__ == "__main__":
    argv = sys.argv[1:]
    os.execve(argv[0], argv, environment(argv[-1]))
