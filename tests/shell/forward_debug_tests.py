"""`backstep debug` in the forward pass, at a keyboard (a pseudo-terminal):
the post-mortem of an uncaught exception with :bt / :up / :p, line
breakpoints with :step / :next, Ctrl-C that pauses the forward, and
breakpoints refused when set (the absolute path of a program given
relative matches it)."""

import os

from harness import START_TIMEOUT, PtySession, TempDir, base_env, check_eq, check_in, check_not_in
from terminal_tests import CTRL_C

SETUP = "(backstep) "

POSTMORTEM = """import torch


def scale(t, factor):
    bad = t.view(4)
    return bad * factor


x = torch.ones(2, 3)
out = scale(x * 2, 3.0)
"""

STEPS = """import torch


def double(v):
    w = v * 2
    return w


a = torch.tensor([1., 2.])
b = double(a)
print("b is", b)
"""

LOOP = """import time
done = False
i = 0
while not done:
    i += 1
    time.sleep(0.001)
print("left the loop", i > 0)
"""


def debug_session(backstep, tmp, source, *args):
    with open(os.path.join(tmp, "prog.py"), "w") as f:
        f.write(source)
    old = os.getcwd()
    os.chdir(tmp)  # the program is given relative, as people type it
    try:
        s = PtySession(backstep, base_env(tmp), ["debug", "prog.py", *args])
    finally:
        os.chdir(old)
    s.expect(SETUP, START_TIMEOUT)
    return s


def at(s, line, prompt):
    s.send(line + "\r")
    return s.expect(prompt)


def test_forward_post_mortem_up_and_p(backstep):
    with TempDir() as tmp:
        s = debug_session(backstep, tmp, POSTMORTEM)
        try:
            out = at(s, ":continue", "(post-mortem) ")
            check_in("RuntimeError: shape '[4]' is invalid for input of size 6", out)
            check_in("Post-mortem (RuntimeError", out)
            out = at(s, ":bt", "(post-mortem) ")
            check_in("> #0  scale — prog.py:5", out)
            check_in("  #1  <module> — prog.py:10", out)
            check_in("3.0", at(s, ":p factor", "(post-mortem) "))
            check_in("torch.Size([2, 3])", at(s, "t.shape", "(post-mortem) "))
            check_in("#1  <module> — prog.py:10", at(s, ":up", "(post-mortem) "))
            check_in("tensor([[1., 1., 1.],", at(s, ":p x", "(post-mortem) "))
            check_in("already at the outermost frame", at(s, ":up", "(post-mortem) "))
            s.send(":continue\r")
            check_eq(1, s.wait(), "exit status after the post-mortem")
        finally:
            s.close()


def test_forward_line_breakpoint_step_next(backstep):
    with TempDir() as tmp:
        s = debug_session(backstep, tmp, STEPS, "--break", os.path.join(tmp, "prog.py") + ":10")
        try:
            out = at(s, ":continue", "(forward) ")
            check_in("Paused (breakpoint 1: ", out)
            check_in("prog.py:10  b = double(a)", out)
            check_in("Paused (step) — prog.py:5  w = v * 2", at(s, ":step", "(forward) "))
            check_in("tensor([1., 2.])", at(s, "v", "(forward) "))
            check_in("Paused (step) — prog.py:6  return w", at(s, ":next", "(forward) "))
            check_in("tensor([2., 4.])", at(s, ":p w", "(forward) "))
            out = at(s, ":next", "(forward) ")
            check_in("Paused (step) — prog.py:11", out)
            s.send(":continue\r")
            check_in("b is tensor([2., 4.])", s.expect("b is tensor([2., 4.])"))
            check_eq(0, s.wait(), "exit status")
        finally:
            s.close()


def test_ctrl_c_pauses_the_forward(backstep):
    with TempDir() as tmp:
        s = debug_session(backstep, tmp, LOOP)
        try:
            s.send(":continue\r")
            import time
            time.sleep(1.5)
            s.send(CTRL_C)
            out = s.expect("(forward) ", timeout=30)
            check_in("Paused (Ctrl-C) — prog.py:", out)
            check_in("True", at(s, "i > 0", "(forward) "))
            at(s, "done = True", "(forward) ")
            s.send(":continue\r")
            s.expect("left the loop True")
            check_eq(0, s.wait(), "exit status")
        finally:
            s.close()


def test_invalid_breakpoints_refused(backstep):
    with TempDir() as tmp:
        s = debug_session(backstep, tmp, STEPS)
        try:
            check_in("no such node type: mulbackward0; did you mean MulBackward0?", at(s, ":break mulbackward0", SETUP))
            check_in("did you mean MulBackward0?", at(s, ":break Mul", SETUP))
            check_in("line 99 is beyond the end of prog.py (11 lines)", at(s, ":break 99", SETUP))
            check_in("line 3 of prog.py has no code; the nearest line with code is prog.py:4", at(s, ":break 3", SETUP))
            check_in("no such file: nope.py (the program is prog.py)", at(s, ":break nope.py:3", SETUP))
            check_in("the condition does not parse", at(s, ":break nan if (", SETUP))
            out = at(s, ":breakpoints", SETUP)
            check_in("No breakpoints.", out)
            out = at(s, ":break ./prog.py:10", SETUP)
            check_in("Breakpoint 1: ./prog.py:10", out)
            check_not_in("no such", out)
            check_in("Breakpoint 2: prog.py:11", at(s, ":break 11", SETUP))
            s.send(":continue\r")
            check_in("prog.py:10  b = double(a)", s.expect("(forward) "))
            s.send(":continue\r")
            check_in("prog.py:11", s.expect("(forward) "))
            s.send(":continue\r")
            check_eq(0, s.wait(), "exit status")
        finally:
            s.close()


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
