"""breakpoint() under `backstep run`: at a terminal it opens the debugger's
prompt at that line (as CPython's default sys.breakpointhook enters pdb),
with the `debug` commands from then on (a backward breakpoint set there
pauses, :quit ends the program with status 1); PYTHONBREAKPOINT=0 makes it
do nothing; without a terminal (CI, a pipe) the program goes on and stderr
says so once."""

import os

from harness import START_TIMEOUT, PtySession, TempDir, base_env, check_eq, check_in, check_not_in, run

PROMPT = "(breakpoint) "

PROGRAM = """import torch


def scale(v, factor):
    w = v * factor
    breakpoint()
    return w


a = torch.tensor([1., 2.], requires_grad=True)
b = scale(a, 3.0)
breakpoint()
loss = b.sum()
loss.backward()
print("a.grad", a.grad)
"""


def run_session(backstep, tmp, **env):
    with open(os.path.join(tmp, "prog.py"), "w") as f:
        f.write(PROGRAM)
    old = os.getcwd()
    os.chdir(tmp)  # the program is given relative, as people type it
    try:
        return PtySession(backstep, base_env(tmp, **env), ["run", "prog.py"])
    finally:
        os.chdir(old)


def at(s, line, prompt=PROMPT):
    s.send(line + "\r")
    return s.expect(prompt)


def test_run_breakpoint_opens_the_prompt(backstep):
    with TempDir() as tmp:
        s = run_session(backstep, tmp)
        try:
            out = s.expect(PROMPT, START_TIMEOUT)
            check_in("Paused at breakpoint() — prog.py:6  breakpoint()", out)
            check_in("tensor([3., 6.], grad_fn=<MulBackward0>)", at(s, "w"))
            check_in("3.0", at(s, ":p factor"))
            out = at(s, ":bt")
            check_in("> #0  scale — prog.py:6", out)
            check_in("  #1  <module> — prog.py:11", out)
            out = at(s, ":continue")
            check_in("Paused at breakpoint() — prog.py:12  breakpoint()", out)
            # From here on the program is under the debugger: a backward
            # breakpoint set at this prompt pauses, with `node` bound.
            check_in("Breakpoint 1: MulBackward0", at(s, ":break MulBackward0"))
            out = at(s, ":continue", "(#1) ")
            check_in("Paused (breakpoint 1: MulBackward0) at #1 MulBackward0", out)
            check_in("'MulBackward0'", at(s, ":p node.name()", "(#1) "))
            s.send(":continue\r")
            s.expect("a.grad tensor([3., 3.])")
            check_eq(0, s.wait(), "exit status")
        finally:
            s.close()


def test_run_breakpoint_quit_ends_the_program(backstep):
    with TempDir() as tmp:
        s = run_session(backstep, tmp)
        try:
            s.expect(PROMPT, START_TIMEOUT)
            s.send(":quit\r")
            s.expect("Quit anyway?")
            s.send("y\r")
            check_eq(1, s.wait(), "exit status after :quit")
            check_not_in("Traceback", s.text(), "output after :quit")
            check_not_in("a.grad", s.text(), "output after :quit")
        finally:
            s.close()


def test_run_pythonbreakpoint_0_does_nothing(backstep):
    with TempDir() as tmp:
        s = run_session(backstep, tmp, PYTHONBREAKPOINT="0")
        try:
            s.expect("a.grad tensor([3., 3.])", START_TIMEOUT)
            check_eq(0, s.wait(), "exit status")
            check_not_in(PROMPT, s.text(), "output with PYTHONBREAKPOINT=0")
            check_not_in("breakpoint()", s.text(), "output with PYTHONBREAKPOINT=0")
        finally:
            s.close()
        # CPython reads it at every call, under pdb too: `debug` skips them.
        p = run(backstep, ["debug", os.path.join(tmp, "prog.py")], stdin=":continue\n",
                env=base_env(tmp, PYTHONBREAKPOINT="0"), merge_stderr=True)
        check_eq(0, p.returncode, "exit status of debug with PYTHONBREAKPOINT=0")
        check_in("a.grad tensor([3., 3.])", p.stdout)
        check_not_in("Paused at breakpoint()", p.stdout, "debug with PYTHONBREAKPOINT=0")
        p = run(backstep, ["debug", os.path.join(tmp, "prog.py")], stdin=":continue\n:continue\n",
                env=base_env(tmp), merge_stderr=True)
        check_in("Paused at breakpoint() — ", p.stdout, "debug without PYTHONBREAKPOINT")


def test_run_breakpoint_without_terminal_goes_on(backstep):
    with TempDir() as tmp:
        path = os.path.join(tmp, "prog.py")
        with open(path, "w") as f:
            f.write(PROGRAM)
        p = run(backstep, ["run", path], env=base_env(tmp))
        check_eq(0, p.returncode, "exit status")
        check_in("a.grad tensor([3., 3.])", p.stdout)
        note = f"{path}:6: breakpoint() does not stop: no terminal to debug at (`backstep debug {path}` stops there"
        check_in(note, p.stderr, "stderr")
        check_eq(1, p.stderr.count("breakpoint()"), "notes on stderr (once per run)")
        p = run(backstep, ["run", path], env=base_env(tmp, PYTHONBREAKPOINT="0"))
        check_eq(0, p.returncode, "exit status with PYTHONBREAKPOINT=0")
        check_eq("", p.stderr, "stderr with PYTHONBREAKPOINT=0")


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
