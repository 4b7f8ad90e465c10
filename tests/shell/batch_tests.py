"""backstep driven through pipes: the command line (usage errors, exit
statuses), programs run in batch, and transcripts piped into the shell."""

import os
import re
import subprocess
import time

from harness import (START_TIMEOUT, PtySession, TempDir, base_env, check, check_eq, check_frame,
                     check_in, check_not_in, run)

USAGE_ERROR, CANNOT_OPEN = 2, 3


def write(tmp, name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


VERSION_LINE = re.compile(r"^backstep \S+ \(libtorch (\S+), (?:CUDA (\S+)|CPU-only), [^)]+\)\n$")


def linked_torch_python(backstep):
    """The Python of the venv whose torch wheel this build links, if it was
    built against a venv (its CMakeCache names <venv>/.../torch/share/cmake/Torch)."""
    cache = os.path.join(os.path.dirname(backstep), "CMakeCache.txt")
    try:
        with open(cache, encoding="utf-8") as f:
            torch_dir = next(line.split("=", 1)[1].strip() for line in f if line.startswith("Torch_DIR:"))
    except (OSError, StopIteration):
        return None
    venv = torch_dir
    for _ in range(7):  # share/cmake/Torch, torch, site-packages, python3.X, lib
        venv = os.path.dirname(venv)
    python = os.path.join(venv, "bin", "python")
    return python if os.access(python, os.X_OK) else None


def test_version_and_help(backstep):
    with TempDir() as tmp:
        r = run(backstep, ["--version"], env=base_env(tmp))
        check_eq(0, r.returncode, "exit status of --version")
        m = VERSION_LINE.match(r.stdout)
        check(m, f"--version names libtorch and CUDA or CPU-only: {r.stdout!r}")
        # The same libtorch version and CUDA build as the program sees them.
        prog = write(tmp, "v.py", "import torch\nprint(torch.__version__, torch.version.cuda)\n"
                     "print(torch.cuda.is_available(), torch.cuda.device_count())\n")
        seen = run(backstep, [prog], env=base_env(tmp)).stdout
        check_eq(f"{m.group(1)} {m.group(2)}\n", seen.splitlines(True)[0], "torch.__version__ and torch.version.cuda")
        # ... and as the linked wheel's own PyTorch reports them.
        python = linked_torch_python(backstep)
        if python:
            truth = subprocess.run([python, prog], capture_output=True, text=True,
                                   env=dict(os.environ, CUDA_VISIBLE_DEVICES="")).stdout
            check_eq(truth.splitlines(True)[0], seen.splitlines(True)[0], "versions against the linked wheel's PyTorch")
        if not os.path.exists("/dev/nvidia0"):
            check_eq("False 0\n", seen.splitlines(True)[1], "torch.cuda without a GPU")
        r = run(backstep, ["--help"], env=base_env(tmp))
        check_eq(0, r.returncode, "exit status of --help")
        check_in("run", r.stdout, "--help")
        check_in("FILE", r.stdout, "--help")


def test_usage_errors_exit_2(backstep):
    with TempDir() as tmp:
        prog = write(tmp, "ok.py", "pass\n")
        for args in (["--frobnicate"], ["run"], ["run", prog, "extra"], [prog, "extra"],
                     ["-z", prog]):
            r = run(backstep, args, env=base_env(tmp))
            check_eq(USAGE_ERROR, r.returncode, f"exit status of backstep {' '.join(args)}")
            check_in("usage: backstep", r.stderr, f"stderr of backstep {' '.join(args)}")
            check_eq("", r.stdout, "stdout")


def test_missing_file_exit_3(backstep):
    with TempDir() as tmp:
        for args in (["missing.py"], ["run", "missing.py"]):
            r = run(backstep, args, env=base_env(tmp))
            check_eq(CANNOT_OPEN, r.returncode, f"exit status of backstep {' '.join(args)}")
            check_eq("backstep: cannot open 'missing.py': No such file or directory\n",
                     r.stderr, "stderr")
        r = run(backstep, [tmp], env=base_env(tmp))
        check_eq(CANNOT_OPEN, r.returncode, "exit status for a folder")
        check_in("Is a directory", r.stderr, "stderr")


def test_program_runs_exit_0(backstep):
    with TempDir() as tmp:
        prog = write(tmp, "ok.py", "x = 20\nx + 1\nprint(x + 22)\nprint('done')\n")
        for args in ([prog], ["run", prog]):
            r = run(backstep, args, env=base_env(tmp))
            check_eq(0, r.returncode, "exit status")
            check_eq("42\ndone\n", r.stdout, "stdout (expression statements are not echoed)")
            check_eq("", r.stderr, "stderr")


def test_raising_program_exit_1(backstep):
    with TempDir() as tmp:
        prog = write(tmp, "prog.py", "print('before')\ndef f():\n    raise ValueError('boom')\n"
                                     "f()\nprint('never')\n")
        r = run(backstep, [prog], env=base_env(tmp))
        check_eq(1, r.returncode, "exit status")
        check_eq("before\n", r.stdout, "stdout")
        check(r.stderr.startswith("Traceback (most recent call last):\n"),
              f"stderr starts with the traceback header:\n{r.stderr}")
        check_frame(r.stderr, prog, 4, "<module>")
        check_frame(r.stderr, prog, 3, "f")
        check(r.stderr.endswith("ValueError: boom\n"), f"stderr ends with the error:\n{r.stderr}")


def test_print_and_error_interleave(backstep):
    # stdout and stderr into one pipe: every print comes before the traceback
    # that followed it, even though stdout is block-buffered in a pipe.
    with TempDir() as tmp:
        prog = write(tmp, "p.py", "for i in range(3):\n    print('line', i)\n1 / 0\n")
        r = run(backstep, [prog], env=base_env(tmp), merge_stderr=True)
        check_eq(1, r.returncode, "exit status")
        check(r.stdout.startswith("line 0\nline 1\nline 2\nTraceback"),
              f"merged output in order:\n{r.stdout}")


def test_syntax_error_exit_1(backstep):
    with TempDir() as tmp:
        prog = write(tmp, "bad.py", "x = 1\ny = (2 +\n")
        r = run(backstep, [prog], env=base_env(tmp))
        check_eq(1, r.returncode, "exit status")
        check_in("SyntaxError", r.stderr, "stderr")
        check_in(prog, r.stderr, "stderr")


def test_system_exit_status(backstep):
    with TempDir() as tmp:
        for code, status, err in (("raise SystemExit(4)", 4, ""), ("raise SystemExit", 0, ""),
                                  ("raise SystemExit('bye')", 1, "bye\n")):
            prog = write(tmp, "exit.py", "print('out')\n" + code + "\n")
            r = run(backstep, [prog], env=base_env(tmp))
            check_eq(status, r.returncode, f"exit status of {code}")
            check_eq("out\n", r.stdout, "stdout")
            check_eq(err, r.stderr, f"stderr of {code}")


def test_ctrl_c_stops_a_program(backstep):
    # On a terminal (stdout line-buffered, so "started" shows when printed).
    with TempDir() as tmp:
        prog = write(tmp, "loop.py", "print('started')\nwhile True:\n    pass\n")
        s = PtySession(backstep, base_env(tmp), [prog])
        try:
            s.expect("started\n", START_TIMEOUT)
            time.sleep(0.3)
            s.send("\x03")
            check_eq(130, s.wait(), "exit status after Ctrl-C")
            check(s.text().endswith("KeyboardInterrupt\n"), f"output:\n{s.text()}")
        finally:
            s.close()


TRANSCRIPT = """\
x = 2
def f(a):
    return a * x

f(21)
1 / 0
print('after the error')
for i in range(2):
    print(i)

ys = [1,

      2]
ys
'text'
:help
"""


def test_piped_transcript(backstep):
    with TempDir() as tmp:
        r = run(backstep, [], stdin=TRANSCRIPT, env=base_env(tmp))
        check_eq(0, r.returncode, "exit status")
        out = r.stdout
        check(out.startswith("42\nafter the error\n0\n1\n[1, 2]\n'text'\n"),
              f"stdout of the transcript:\n{out}")
        check_in(":load FILE", out, "stdout (:help)")
        check_not_in(">>>", out, "stdout (no prompts without a terminal)")
        check(not any(line.startswith("... ") for line in out.splitlines()),
              f"stdout has a continuation prompt:\n{out}")
        check_in("ZeroDivisionError: division by zero", r.stderr, "stderr")
        check_frame(r.stderr, "<stdin>", 1, "<module>")
        check(not os.path.exists(os.path.join(tmp, "history")),
              "piped input must not be written to the history")


def test_piped_block_ended_by_end_of_input(backstep):
    with TempDir() as tmp:
        r = run(backstep, [], stdin="for i in range(2):\n    print('i', i)", env=base_env(tmp))
        check_eq(0, r.returncode, "exit status")
        check_eq("i 0\ni 1\n", r.stdout, "stdout")


def test_piped_quit_and_system_exit(backstep):
    with TempDir() as tmp:
        r = run(backstep, [], stdin="print(1)\n:quit\nprint(2)\n", env=base_env(tmp))
        check_eq((0, "1\n"), (r.returncode, r.stdout), "status and stdout after :quit")
        r = run(backstep, [], stdin="print(1)\nraise SystemExit(5)\nprint(2)\n",
                env=base_env(tmp))
        check_eq((5, "1\n"), (r.returncode, r.stdout), "status and stdout after SystemExit")


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
