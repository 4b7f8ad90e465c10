"""pdb's and gdb's breakpoint commands typed at a keyboard (a
pseudo-terminal) while a backward is paused, bare as pdb users type them
(issue 15): `watch`, `condition`, `ignore`, `disable` / `enable`, `display`
/ `undisplay`. tests/debugger has the same commands from command files;
these go through the line editor and the paused prompt."""

from editor_tests import PAUSED, SETUP, Debug
from harness import TempDir, check_eq, check_in, check_not_in


def at_pause(s, line):
    s.send(line + "\r")
    return s.expect(PAUSED)


def start_paused_at_exp(s):
    s.send("b ExpBackward0\r")
    check_in("Breakpoint 1: ExpBackward0", s.expect(SETUP))
    s.send("c\r")
    check_in("Paused (breakpoint 1: ExpBackward0) at #", s.expect(PAUSED))


def test_condition_ignore_disable_enable_at_a_pause(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        start_paused_at_exp(s)
        check_in("Breakpoint 2: MulBackward0", at_pause(s, "b MulBackward0"))
        # exp's gradient sums to about 405: this condition never holds.
        out = at_pause(s, "condition 2 grad_outputs[0].sum() > 1000")
        check_in("Breakpoint 2 now pauses only when grad_outputs[0].sum() > 1000", out)
        check_in("Breakpoint 3: AccumulateGrad", at_pause(s, "b AccumulateGrad"))
        check_in("Breakpoint 3 will not pause for its next 1 hit.", at_pause(s, "ignore 3 1"))
        check_in("Disabled breakpoint 1", at_pause(s, "disable 1"))
        out = at_pause(s, "info b")
        check_in("  1  ExpBackward0  (hit 1 time, disabled)", out)
        check_in("  2  MulBackward0 if grad_outputs[0].sum() > 1000", out)
        check_in("  3  AccumulateGrad  (hit 0 times, ignores the next 1 hit)", out)
        # Not at MulBackward0 (its condition), not at the first leaf (ignored).
        out = at_pause(s, "c")
        check_in("Paused (breakpoint 3: AccumulateGrad) at #", out)
        check_in("[node 5 of 5]", out)
        check_in("Enabled breakpoint 1", at_pause(s, "enable 1"))
        check_in("  1  ExpBackward0  (hit 1 time)\n", at_pause(s, "info b"))
        s.send("c\r")
        s.expect("after backward")
        check_eq(0, s.wait(), "exit status")


def test_display_and_undisplay_at_pauses(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send("display grad_outputs[0].shape\r")
        check_in("1: grad_outputs[0].shape (shown at every pause)", s.expect(SETUP))
        s.send("b MulBackward0\r")
        s.expect(SETUP)
        s.send("b AccumulateGrad\r")
        s.expect(SETUP)
        s.send("c\r")
        out = s.expect(PAUSED)
        check_in("Paused (breakpoint 1: MulBackward0)", out)
        check_in("1: grad_outputs[0].shape = torch.Size([3])", out)
        check_in("2: node.name() = 'MulBackward0'", at_pause(s, "display node.name()"))
        out = at_pause(s, "c")
        check_in("Paused (breakpoint 2: AccumulateGrad)", out)
        check_in("1: grad_outputs[0].shape = torch.Size([3])", out)
        check_in("2: node.name() = ", out)
        check_in("Deleted display 1", at_pause(s, "undisplay 1"))
        out = at_pause(s, "c")
        check_in("Paused (breakpoint 2: AccumulateGrad)", out)
        check_not_in("1: grad_outputs[0].shape", out)
        check_in("2: node.name() = ", out)
        s.send("c\r")
        check_eq(0, s.wait(), "exit status")


def test_watch_set_at_a_pause(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        start_paused_at_exp(s)
        out = at_pause(s, "watch x")
        check_in("Breakpoint 2: watch x (pauses before #", out)
        check_in("AccumulateGrad, which receives its gradient", out)
        out = at_pause(s, "c")
        check_in("Paused (breakpoint 2: watch x) at #", out)
        check_in("AccumulateGrad", out)
        check_in("tensor([ 8.2436e-01, -1.3534e-01,  8.0686e+02])", at_pause(s, "grad_outputs[0]"))
        s.send("c\r")
        check_in("after backward tensor(", s.expect("after backward tensor("))
        check_eq(0, s.wait(), "exit status")


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
