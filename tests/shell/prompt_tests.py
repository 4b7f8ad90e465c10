"""Ctrl-C and Ctrl-D at every prompt of `backstep debug`, at a keyboard (a
pseudo-terminal), as pdb and gdb behave (issue 15): Ctrl-C drops the line
typed -- and a block still open -- and the prompt stays; while a statement
typed there runs, Ctrl-C interrupts that statement only; Ctrl-D lets the
program go on. `:abort` is what aborts a paused backward."""

import time

from editor_tests import PAUSED, SETUP, Debug
from forward_debug_tests import POSTMORTEM, STEPS, debug_session
from harness import TempDir, check_eq, check_in, check_not_in
from terminal_tests import CTRL_C, CTRL_D

FORWARD = "(forward) "
POST = "(post-mortem) "


def ctrl_c_after(s, typed, prompt):
    """Types a half line, presses Ctrl-C, returns the output up to the next `prompt`."""
    s.send(typed)
    time.sleep(0.3)  # the typing reaches libedit before the key
    s.send(CTRL_C)
    return s.expect(prompt)


def test_setup_prompt_continues_an_open_block(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send("x = [1,\r")
        s.expect("... ")  # not "(backstep) ": the block is open
        s.send("2]\r")
        s.expect(SETUP)
        s.send("x\r")
        check_in("[1, 2]", s.expect(SETUP))


def test_setup_prompt_ctrl_c_drops_an_open_block(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send("y = [3,\r")
        s.expect("... ")
        check_in("KeyboardInterrupt", ctrl_c_after(s, "4", SETUP))
        # The lines typed next are not eaten by the dropped block.
        s.send(":break MulBackward0\r")
        out = s.expect(SETUP)
        check_in("Breakpoint 1: MulBackward0", out)
        check_not_in("SyntaxError", out)
        s.send("y\r")
        check_in("NameError: name 'y' is not defined", s.expect(SETUP))


def test_paused_prompt_ctrl_c_cancels_the_line(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send(":break MulBackward0\r")
        s.expect(SETUP)
        s.send(":run\r")
        s.expect(PAUSED)
        out = ctrl_c_after(s, "half", PAUSED)
        check_in("half\nKeyboardInterrupt\n", out)  # on a line of its own
        check_not_in("abort", out)
        s.send("grad_outputs[0].shape\r")  # the pause goes on
        check_in("torch.Size([3])", s.expect(PAUSED))
        # A block still open is dropped too.
        s.send("for i in range(2):\r")
        s.expect("... ")
        check_in("KeyboardInterrupt", ctrl_c_after(s, "    print(i)", PAUSED))
        s.send(":c\r")
        check_in("after backward tensor(", s.expect("after backward tensor("))
        check_eq(0, s.wait(), "exit status")


def test_paused_prompt_ctrl_c_interrupts_a_running_statement(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send(":break MulBackward0\r")
        s.expect(SETUP)
        s.send(":run\r")
        s.expect(PAUSED)
        s.send("while True: pass\r")
        s.expect("... ")
        s.send("\r")
        time.sleep(0.5)  # the loop runs
        s.send(CTRL_C)
        check_in("KeyboardInterrupt", s.expect(PAUSED))
        s.send(":abort\r")  # what aborts the backward
        check_in("RuntimeError: backward aborted", s.expect(POST))
        s.send(":continue\r")
        check_eq(1, s.wait(), "exit status after the program raised")


def test_forward_prompt_ctrl_c_then_ctrl_d(backstep):
    with TempDir() as tmp:
        s = debug_session(backstep, tmp, STEPS, "--break", "prog.py:10")
        try:
            s.send(":continue\r")
            s.expect(FORWARD)
            check_in("KeyboardInterrupt", ctrl_c_after(s, "a.sum(", FORWARD))
            s.send("a\r")  # the prompt stays, the program's variables with it
            check_in("tensor([1., 2.])", s.expect(FORWARD))
            s.send(CTRL_D)
            out = s.expect("b is")
            check_in("(Ctrl-D: the program goes on; :quit leaves)", out)
            check_eq(0, s.wait(), "exit status")
        finally:
            s.close()


def test_post_mortem_prompt_ctrl_c_then_ctrl_d(backstep):
    with TempDir() as tmp:
        s = debug_session(backstep, tmp, POSTMORTEM)
        try:
            s.send(":continue\r")
            s.expect(POST)
            check_in("KeyboardInterrupt", ctrl_c_after(s, "t.sha", POST))
            s.send("factor\r")
            check_in("3.0", s.expect(POST))
            s.send(CTRL_D)
            check_in("(Ctrl-D: the program goes on; :quit leaves)", s.expect(":quit leaves)"))
            check_eq(1, s.wait(), "exit status of the program that raised")
        finally:
            s.close()


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
