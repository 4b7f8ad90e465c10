#!/usr/bin/env python3
"""Debugger transcript tests: each NAME.cmd is a `backstep debug -x` command
file run against NAME.py (or graph.py when there is none); the transcript
(stdout and stderr together, as a terminal shows them, and the exit status)
must equal NAME.out.

    run_transcripts.py --backstep build/backstep [--update] [NAME...]

The walkthroughs in the examples' comments run too, as `examples/NAME`
(tests/tools/walkthrough.py): their transcripts are examples/NAME.out here.

--update rewrites the .out files from the current backstep: review the diff
before committing it.
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))
import walkthrough  # noqa: E402
ENV = dict(os.environ, OMP_NUM_THREADS="1", NO_COLOR="1")


def example_transcript(backstep, name):
    """(transcript, problems) of the walkthrough in examples/NAME.py's comments."""
    program, options, typed = walkthrough.parse(os.path.join(walkthrough.ROOT, "examples", name + ".py"))
    with tempfile.NamedTemporaryFile("w", suffix=".cmd") as cmd:
        cmd.write("".join(command + "\n" for _, command in typed))
        cmd.flush()
        p = subprocess.run([backstep, "debug", program, *options, "-x", cmd.name], cwd=walkthrough.ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300, env=ENV)
    got = p.stdout + "[exit %d]\n" % p.returncode
    return got, ["the comment shows %r, the prompt differs" % t for t in walkthrough.concrete_prompts_missing(typed, got)]


def transcript(backstep, name):
    """(transcript, problems) of NAME.cmd, or of an example's walkthrough."""
    if name.startswith("examples/"):
        return example_transcript(backstep, name[len("examples/"):])
    program = name + ".py" if os.path.exists(os.path.join(HERE, name + ".py")) else "graph.py"
    p = subprocess.run([backstep, "debug", program, "-x", name + ".cmd"], cwd=HERE, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=120,
                       env=ENV)
    # A module the program imports is shown by its absolute path, as CPython
    # shows it: the transcript names it relative to this folder.
    return p.stdout.replace(HERE + os.sep, "") + "[exit %d]\n" % p.returncode, []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--backstep", required=True)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    backstep = os.path.abspath(args.backstep)
    names = args.names or (sorted(f[:-4] for f in os.listdir(HERE) if f.endswith(".cmd")) +
                           ["examples/" + n for n in walkthrough.examples_with_walkthroughs()])
    failed = 0
    for name in names:
        got, problems = transcript(backstep, name)
        path = os.path.join(HERE, name + ".out")
        if problems:
            failed += 1
            print("FAIL %s\n    " % name + "\n    ".join(problems))
            continue
        if args.update:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(got)
            print("updated %s" % name)
            continue
        want = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if want == got:
            print("PASS %s" % name)
            continue
        failed += 1
        print("FAIL %s" % name)
        if want is None:
            print("    no %s.out" % name)
            continue
        for i, (g, w) in enumerate(zip(got.splitlines(), want.splitlines())):
            if g != w:
                print("    line %d:\n      got:  %s\n      want: %s" % (i + 1, g, w))
                break
        else:
            print("    %d lines, expected %d" % (len(got.splitlines()), len(want.splitlines())))
    print("%d passed, %d failed" % (len(names) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
