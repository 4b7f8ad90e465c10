"""What a pause does to the program's terminal, at a keyboard (a
pseudo-terminal): its header starts on a line of its own after a
print(..., end=''), and `run --timeout N` does not count the time spent at
the prompt (Note [--timeout does not count time at a prompt])."""

import os
import re
import time

from harness import START_TIMEOUT, PtySession, TempDir, base_env, check, check_eq, check_in, check_not_in

PARTIAL = """import torch
a = torch.tensor([1., 2.], requires_grad=True)
print("loss: ", end="")
breakpoint()
b = (a * 3).sum()
print("backward... ", end="")
b.backward()
print("done", a.grad)
"""

# Runs about 1.5 s after the prompt, then (with --timeout) again forever.
TIMED = """import time
t = time.time()
while time.time() - t < 0.5:
    pass
breakpoint()
t = time.time()
while time.time() - t < 1.0:
    pass
print("finished")
while FOREVER:
    pass
"""


def session(backstep, tmp, source, args):
    with open(os.path.join(tmp, "prog.py"), "w") as f:
        f.write(source)
    old = os.getcwd()
    os.chdir(tmp)  # the program is given relative, as people type it
    try:
        return PtySession(backstep, base_env(tmp), args)
    finally:
        os.chdir(old)


def test_pause_after_partial_line_starts_a_line(backstep):
    with TempDir() as tmp:
        s = session(backstep, tmp, PARTIAL, ["debug", "prog.py"])
        try:
            s.expect("(backstep) ", START_TIMEOUT)
            s.send(":break MulBackward0\r")
            s.expect("(backstep) ")
            s.send(":continue\r")
            out = s.expect("(breakpoint) ")
            check_in("loss: \nPaused at breakpoint() — prog.py:4", out)
            s.send(":continue\r")
            out = s.expect("(#")
            check_in("backward... \nPaused (breakpoint 1: MulBackward0) at #1 MulBackward0", out)
            # A leaf's node is named as :nodes and :break name it, not as
            # libtorch's C++ class (torch::autograd::AccumulateGrad).
            s.send(":step\r")
            out = s.expect("(#")
            check(re.search(r"Paused \(step\) at #\d+ AccumulateGrad — prog.py:5 ", out) is not None,
                  f"the leaf's pause header in:\n{out!r}")
            s.send(":history\r")
            out = s.expect("(#")
            check(re.search(r"->\s+3\. #\d+ AccumulateGrad  \[", out) is not None, f":history in:\n{out!r}")
            check_not_in("torch::autograd", out)
            s.send(":continue\r")
            s.expect("done tensor([3., 3.])")
            check_eq(0, s.wait(), "exit status")
        finally:
            s.close()
        # A program whose lines end is left alone: no blank line before a pause.
        s = session(backstep, tmp, PARTIAL.replace(', end=""', ""), ["run", "prog.py"])
        try:
            out = s.expect("(breakpoint) ", START_TIMEOUT)
            check_in("loss: \nPaused at breakpoint()", out)
            s.send(":continue\r")
            s.expect("done tensor([3., 3.])")
            check_eq(0, s.wait(), "exit status")
        finally:
            s.close()


def test_timeout_does_not_count_the_prompt(backstep):
    with TempDir() as tmp:
        s = session(backstep, tmp, TIMED.replace("FOREVER", "False"), ["run", "--timeout", "2", "prog.py"])
        try:
            s.expect("(breakpoint) ", START_TIMEOUT)
            time.sleep(3.0)  # past the limit, at the prompt: no count
            s.send(":p 6 * 7\r")
            out = s.expect("(breakpoint) ")
            check_in("42", out)
            check_not_in("KeyboardInterrupt", out)
            s.send(":continue\r")
            s.expect("finished")  # 0.5 + 1.0 s of running: within 2 s
            check_eq(0, s.wait(), "exit status")
            check_not_in("timed out", s.text())
        finally:
            s.close()


def test_timeout_counts_running_time_after_the_prompt(backstep):
    with TempDir() as tmp:
        s = session(backstep, tmp, TIMED.replace("FOREVER", "True"), ["run", "--timeout", "2", "prog.py"])
        try:
            s.expect("(breakpoint) ", START_TIMEOUT)
            time.sleep(2.5)
            s.send(":continue\r")
            start = time.time()
            s.expect("finished")
            check_eq(124, s.wait(timeout=15), "exit status")
            took = time.time() - start
            # 2 s of running in all, about 0.5 s of it before the prompt.
            check(0.8 < took < 6.0, f"ended {took:.1f} s after :continue")
            check(re.search(r"KeyboardInterrupt: --timeout 2", s.text()) is not None,
                  f"the timeout's message in:\n{s.text()!r}")
        finally:
            s.close()


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
