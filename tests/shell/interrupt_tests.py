"""Ctrl-C during a long backward, on a terminal as a person presses it: the
backward stops between two nodes, KeyboardInterrupt points at the call that
started it, within a second of the key; the shell goes on afterwards.
Plain `run` puts no hooks on the graph (the engine's own check between nodes
stops it, Note [Interrupting a running backward]); the shell's debugger
hooks every node, and its session must survive the same key.

The graph is a chain of slices of a 1M-element tensor: cheap to build, but
each SliceBackward0 fills a 1M-element gradient. The programs time a short
backward of the same kind first and print what the long one would take, so
a test shows the graph is big enough to mean something (several seconds)."""

import os
import re
import time

from harness import (START_TIMEOUT, PtySession, TempDir, base_env, check, check_eq, check_frame,
                     check_in, check_not_in)

CTRL_C = "\x03"
STOP_WITHIN = 1.0  # seconds from the key to the KeyboardInterrupt
LONG_ENOUGH = 3.0  # seconds the interrupted backward would have taken, at least
PROGRAM = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                       "batch", "programs", "long_backward.py")
ESTIMATE = re.compile(r"backward of (\d+) nodes, about ([0-9.]+) s\n")
# What the shell loads: the program's graph builder, without its backward.
SETUP = """import time
import torch

def slices(n):
    h = x
    for i in range(n):
        h = h[1:]
    return h.sum()

x = torch.ones(1000000, requires_grad=True)
start = time.perf_counter()
slices(200).backward()
x.grad = None
print(f"backward of 20000 nodes, about {(time.perf_counter() - start) / 200 * 20000:.1f} s")
"""


def env(tmp):
    # One thread for the kernels: the machine's load varies less with it.
    return base_env(tmp, OMP_NUM_THREADS="1")


def interrupt_after_start(s, started_pattern):
    """Waits for the program to say the backward starts, lets it run, presses
    Ctrl-C; returns the estimate it printed and when the key went."""
    m = ESTIMATE.search(s.expect(started_pattern, START_TIMEOUT))
    check(m is not None, "the program printed its estimate")
    estimate = float(m.group(2))
    check(estimate >= LONG_ENOUGH, f"the backward would take {estimate} s, at least {LONG_ENOUGH} s")
    time.sleep(0.5)
    s.send(CTRL_C)
    return estimate, time.monotonic()


def test_ctrl_c_stops_a_long_backward_in_run(backstep):
    with TempDir() as tmp:
        s = PtySession(backstep, env(tmp), ["run", PROGRAM])
        try:
            _, pressed = interrupt_after_start(s, ESTIMATE)
            out = s.expect("KeyboardInterrupt\n", timeout=10)
            took = time.monotonic() - pressed
            check(took < STOP_WITHIN, f"stopped {took:.2f} s after Ctrl-C (at most {STOP_WITHIN} s)")
            check_eq(130, s.wait(), "exit status after Ctrl-C")
            check_frame(out, PROGRAM, 18, "<module>")
            check_in("    loss.backward()\n    ^^^^^^^^^^^^^^^\nKeyboardInterrupt\n", out)
            check_not_in("backward done", s.text())
        finally:
            s.close()


def test_ctrl_c_in_a_backward_leaves_the_shell_working(backstep):
    with TempDir() as tmp:
        setup = os.path.join(tmp, "setup.py")
        with open(setup, "w") as f:
            f.write(SETUP)
        s = PtySession(backstep, env(tmp))
        try:
            s.prompt(START_TIMEOUT)
            s.line(":load " + setup)
            s.line("loss = slices(20000)")
            for attempt in range(2):  # and again: nothing is left stuck
                s.send("loss.backward()\r")
                time.sleep(0.5)
                s.send(CTRL_C)
                pressed = time.monotonic()
                out = s.expect(">>> ", timeout=10)
                took = time.monotonic() - pressed
                check_in("KeyboardInterrupt\n", out)
                check_in("loss.backward()", out)
                check(took < STOP_WITHIN, f"prompt back {took:.2f} s after Ctrl-C (at most {STOP_WITHIN} s)")
            check_in("\nTrue\n", s.line("x.grad is None"))  # it stopped before the leaf
            s.line("slices(10).backward()")
            check_in("\n[0.0, 0.0, 1.0, 1.0]\n", s.line("x.grad[8:12].tolist()"))
            check_in("\n4\n", s.line("2 + 2"))
        finally:
            s.close()


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
