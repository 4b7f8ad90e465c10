"""The debugger at the keyboard, through a pseudo-terminal: a backward paused
at a breakpoint, inspected, stepped, continued, aborted; Ctrl-C while paused
aborts the backward; Ctrl-D while paused ends the session cleanly."""

import os
import re
import time

from harness import START_TIMEOUT, PtySession, TempDir, base_env, check, check_eq, check_in
from terminal_tests import CTRL_C, CTRL_D, Shell

PROGRAM = """import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
w = torch.tensor([0.5, -1., 2.], requires_grad=True)
y = x * w
loss = y.exp().sum()
"""

PAUSED = re.compile(r"\(#\d+\) ")


def at_pause(s, text):
    """Types a line at the paused prompt; returns its output up to the next one."""
    s.send(text + "\r")
    return s.expect(PAUSED)


def load_program(s, tmp):
    path = os.path.join(tmp, "prog.py")
    with open(path, "w") as f:
        f.write(PROGRAM)
    s.line(":load " + path)


def test_pause_inspect_step_continue(backstep):
    with TempDir() as tmp, Shell(backstep, tmp) as s:
        load_program(s, tmp)
        check_in("Breakpoint 1: MulBackward0", s.line(":break MulBackward0"))
        s.send("loss.backward(retain_graph=True)\r")
        out = s.expect(PAUSED)
        check_in("Paused (breakpoint 1: MulBackward0) at #", out)
        check_in("prog.py:4  y = x * w", out)
        out = at_pause(s, ":grads")
        check_in("grad_outputs[0]: f32[3]", out)
        out = at_pause(s, "grad_outputs[0].shape")
        check_in("torch.Size([3])", out)
        out = at_pause(s, ":step")
        check_in("Paused (step) at #", out)
        check_in("AccumulateGrad", out)
        s.send(":continue\r")
        s.prompt()
        check_in("tensor([ 8.2436e-01, -1.3534e-01,  8.0686e+02])", s.line("x.grad"))


def test_abort_then_backward_again(backstep):
    with TempDir() as tmp, Shell(backstep, tmp) as s:
        load_program(s, tmp)
        s.line(":break ExpBackward0")
        s.send("loss.backward(retain_graph=True)\r")
        s.expect(PAUSED)
        out = s.line(":abort")
        check_in("RuntimeError: backward aborted", out)
        check_in("None", s.line("print(x.grad)"))
        s.line(":delete 1")
        s.line("loss.backward()")
        check_in("8.0686e+02", s.line("x.grad"))


def test_ctrl_c_while_paused_cancels_the_line(backstep):
    with TempDir() as tmp, Shell(backstep, tmp) as s:
        load_program(s, tmp)
        s.line(":break MulBackward0")
        s.send("loss.backward(retain_graph=True)\r")
        s.expect(PAUSED)
        s.send("half typed")
        time.sleep(0.3)
        s.send(CTRL_C)  # the line goes, the pause stays (as pdb's); :abort aborts
        check_in("KeyboardInterrupt", s.expect(PAUSED))
        out = s.line(":abort")
        check_in("RuntimeError: backward aborted", out)
        check_in("4", s.line("2 + 2"))  # the session goes on


def test_ctrl_d_while_paused_keeps_the_session(backstep):
    # Ctrl-D at a paused prompt never throws the shell's state away: the
    # backward runs on to its end and the session goes on.
    with TempDir() as tmp, Shell(backstep, tmp) as s:
        load_program(s, tmp)
        s.line(":break MulBackward0")
        s.send("loss.backward()\r")
        s.expect(PAUSED)
        time.sleep(0.3)
        s.send(CTRL_D)
        check_in("the backward runs on to its end", s.expect(">>> "))
        check_in("8.0686e+02", s.line("x.grad"))
        s.send(CTRL_D)
        check_eq(0, s.wait(), "exit status")


def test_ctrl_c_during_a_long_backward(backstep):
    with Shell(backstep) as s:
        s.line("import torch")
        s.line("a = torch.ones(1, requires_grad=True)")
        s.line("h = a", then=">>> ")
        s.line("for i in range(200000): h = (h * 1.0001).sin() + h", then="... ")
        # Building 600,000 nodes: a few seconds on a quiet machine, more
        # under CI's load. Setup, not a measurement: wait as long as it takes.
        s.line("", then=">>> ", timeout=120)
        s.line(":step")
        s.send("h.sum().backward()\r")
        s.expect(PAUSED)
        s.send(":continue\r")
        time.sleep(0.5)  # the backward is running through 600000 nodes
        s.send(CTRL_C)
        out = s.expect(">>> ", timeout=60)
        check_in("KeyboardInterrupt", out)
        check_in("4", s.line("2 + 2"))


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
