"""One line editor everywhere a person types (issue 15): `backstep debug`'s
prompt, paused prompts and breakpoint() edit, complete and remember lines as
the shell does; a pasted block with blank lines runs whole; Ctrl-C and
Ctrl-D never end a session by surprise; :quit asks while paused."""

import os
import re
import time

from harness import START_TIMEOUT, PtySession, TempDir, base_env, check, check_eq, check_in, check_not_in
from terminal_tests import CTRL_C, CTRL_D, CTRL_P, Shell

PROGRAM = """import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
w = torch.tensor([0.5, -1., 2.], requires_grad=True)
y = x * w
loss = y.exp().sum()
loss.backward()
print("after backward", x.grad)
"""

BREAKPOINT_PROGRAM = """import torch
value = 41
breakpoint()
print("value is", value)
"""

SETUP = "(backstep) "
PAUSED = re.compile(r"\(#\d+\) ")
LEFT = "\x1b[D"
UP = "\x1b[A"
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"


class Debug:
    """`backstep debug PROGRAM` on a terminal, at its setup prompt."""

    def __init__(self, backstep, tmp, program=PROGRAM, **env):
        self.backstep, self.tmp, self.program, self.env = backstep, tmp, program, env

    def __enter__(self):
        path = os.path.join(self.tmp, "prog.py")
        with open(path, "w") as f:
            f.write(self.program)
        self.s = PtySession(self.backstep, base_env(self.tmp, **self.env), ("debug", path))
        self.s.expect(SETUP, START_TIMEOUT)
        return self.s

    def __exit__(self, *exc):
        self.s.close()


def test_debug_prompt_edits_lines(backstep):
    # Left moves the cursor (no "^[[D" in the line); the edited line is what runs.
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send(":break MulBackwar0" + LEFT + "d" + "\r")
        out = s.expect(SETUP)
        check_in("Breakpoint 1: MulBackward0", out)
        check_not_in("^[", out)


def test_debug_prompt_history_and_persistence(backstep):
    with TempDir() as tmp:
        with Debug(backstep, tmp) as s:
            s.send(":break ExpBackward0\r")
            s.expect(SETUP)
            s.send(UP + "\r")  # the previous line again, not "^[[A" opening a bracket
            out = s.expect(SETUP)
            check_in("Breakpoint 2: ExpBackward0", out)
            s.send(":disable\r")
            s.expect(SETUP)
            s.send(CTRL_D)  # at the setup prompt: the program runs
            check_eq(0, s.wait(), "exit status")
        check_in("ExpBackward0", open(os.path.join(tmp, "history"), errors="replace").read(), "history file")
        with Debug(backstep, tmp) as s:  # a new session remembers it
            s.send(CTRL_P + CTRL_P + "\r")  # before :disable
            check_in("Breakpoint 1: ExpBackward0", s.expect(SETUP))


def test_debug_prompt_completes_commands_and_node_types(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send(":tbre\t ExpBackward0\r")  # a temporary one: gone once hit
        check_in("Breakpoint 1: ExpBackward0", s.expect(SETUP))
        s.send(":brea\t MulBackward0\r")
        check_in("Breakpoint 2: MulBackward0", s.expect(SETUP))
        s.send(":c\r")
        s.expect(PAUSED)
        s.send(":info brea\t\r")  # an option of :info
        out = s.expect(PAUSED)  # paused at the temporary one, which is gone
        check_in("  2  MulBackward0  (hit 0 times)", out)
        check_not_in("ExpBackward0", out)
        s.send(":break ExpBa\t\r")  # a node type of the graph
        check_in("Breakpoint 3: ExpBackward0", s.expect(PAUSED))
        s.send("wher\t\r")  # a bare command name at a paused prompt
        check_in("backward #1 called at", s.expect(PAUSED))


def test_debug_ctrl_c_at_setup_prompt_goes_on(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send("some half typed line")
        time.sleep(0.3)
        s.send(CTRL_C)
        check_in("KeyboardInterrupt", s.expect(SETUP))
        s.send(":break MulBackward0\r")
        check_in("Breakpoint 1: MulBackward0", s.expect(SETUP))


def test_debug_ctrl_c_at_paused_prompt_stays_and_abort_aborts(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send(":break MulBackward0\r")
        s.expect(SETUP)
        s.send(":run\r")
        s.expect(PAUSED)
        time.sleep(0.3)
        s.send(CTRL_C)  # as at pdb's and gdb's prompts: the line goes, the pause stays
        out = s.expect(PAUSED)
        check_in("KeyboardInterrupt", out)
        check_not_in("abort", out)
        s.send(":abort\r")
        s.expect("backward aborted")
        # The RuntimeError the abort raised is uncaught: the post-mortem
        # prompt opens in its frames; :continue lets the program end.
        check_in("Post-mortem (RuntimeError: backward aborted)", s.expect("(post-mortem) "))
        s.send(":continue\r")
        check(s.wait() == 1, "status after the program raised")


def test_debug_ctrl_d_at_paused_prompt_continues(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send(":break MulBackward0\r")
        s.expect(SETUP)
        s.send(":run\r")
        s.expect(PAUSED)
        time.sleep(0.3)
        s.send(CTRL_D)
        check_in("after backward tensor(", s.expect("after backward tensor("))
        check_eq(0, s.wait(), "exit status")


def test_debug_quit_while_paused_asks_then_ends_the_program(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send(":break MulBackward0\r")
        s.expect(SETUP)
        s.send("c\r")  # bare, as in pdb
        s.expect(PAUSED)
        s.send("q\r")
        s.expect("Quit anyway? (y or n) ")
        s.send("n\r")
        check_in("Not confirmed.", s.expect(PAUSED))
        s.send(":quit\r")
        s.expect("(y or n) ")
        s.send("y\r")
        status = s.wait()
        check_eq(1, status, "exit status of a program ended by :quit")
        check_not_in("after backward", s.text(), "output")
        check_not_in("Traceback", s.text(), "output")


def test_breakpoint_prompt_edits_and_ctrl_d_continues(backstep):
    with TempDir() as tmp, Debug(backstep, tmp, BREAKPOINT_PROGRAM) as s:
        s.send(":run\r")
        s.expect("(breakpoint) ")
        s.send("value = 40" + LEFT + "2" + "\r")  # "value = 420"
        s.expect("(breakpoint) ")
        s.send("valu\t\r")  # completes the program's variable
        check_in("420", s.expect("(breakpoint) "))
        s.send("half typed")
        time.sleep(0.3)
        s.send(CTRL_C)  # cancels the line, the pause goes on (as pdb's)
        check_in("KeyboardInterrupt", s.expect("(breakpoint) "))
        s.send(CTRL_D)
        check_in("value is 420", s.expect("value is 420"))
        check_eq(0, s.wait(), "exit status")


def test_paste_block_with_blank_lines_in_shell(backstep):
    with Shell(backstep) as s:
        block = "def f(x):\r    y = x * 2\r\r    return y + 1\r"
        s.send(PASTE_START + block + PASTE_END)
        s.expect(">>> ")
        out = s.line("f(20)")
        check_in("\n41\n", out)
        check_not_in("IndentationError", s.text())


def test_paste_block_at_paused_prompt(backstep):
    with TempDir() as tmp, Debug(backstep, tmp) as s:
        s.send(":break MulBackward0\r")
        s.expect(SETUP)
        s.send(":run\r")
        s.expect(PAUSED)
        block = "def norm_of(t):\r    s = t.abs()\r\r    return s.sum()\r"
        s.send(PASTE_START + block + PASTE_END)
        s.expect(PAUSED)
        s.send("norm_of(grad_outputs[0])\r")
        check_in("tensor(", s.expect(PAUSED))
        check_not_in("IndentationError", s.text())
        s.send(":c\r")
        check_eq(0, s.wait(), "exit status")


def test_pasted_word_stays_on_the_line(backstep):
    # A paste without a newline is text in the line being typed, not an input.
    with Shell(backstep) as s:
        s.send("1 + " + PASTE_START + "41" + PASTE_END)
        time.sleep(0.3)
        check_in("\n42\n", s.line(""))


def test_colour_in_debug_only_on_a_terminal_without_no_color(backstep):
    with TempDir() as tmp, Debug(backstep, tmp, NO_COLOR=None) as s:
        s.send(":break MulBackward0\r")
        s.expect(SETUP)
        s.send(":run\r")
        s.expect(PAUSED)
        check_in(b"\x1b[1;33m#", s.raw, "raw output (the paused node in colour)")
        s.send(":nosuchcommand\r")
        s.expect(PAUSED)
        check_in(b"\x1b[1;31munknown command ':nosuchcommand'", s.raw, "raw output (red error)")
    with TempDir() as tmp, Debug(backstep, tmp) as s:  # NO_COLOR=1
        s.send(":break MulBackward0\r")
        s.expect(SETUP)
        s.send(":run\r")
        s.expect(PAUSED)
        check_not_in(b"\x1b[1;33m", s.raw, "raw output (NO_COLOR)")


def test_nonfinite_gradients_in_red_on_a_terminal(backstep):
    with Shell(backstep, NO_COLOR=None) as s:
        s.line("import torch")
        s.line("x = torch.tensor([0., 1.], requires_grad=True)")
        s.line(":break inf")
        s.send("x.sqrt().sum().backward()\r")
        s.expect(PAUSED)
        check_in(b"\x1b[1;31mf32[2]", s.raw, "raw output (a gradient holding Inf, in red)")
        start = len(s.raw)
        s.send(":grads\r")
        s.expect(PAUSED)
        check_in(b"\x1b[1;31mf32[2]", s.raw[start:], "raw :grads output")


def test_no_raw_escape_in_error_messages(backstep):
    with Shell(backstep) as s:
        s.send(":frob\x1b[Xz\r")  # an escape sequence the editor does not know
        s.expect(">>> ")
        tail = s.raw[s.raw.rfind(b"unknown command"):]
        check_not_in(b"\x1b", tail.split(b"\n")[0], "error line")


def test_shell_quit_while_paused_asks_and_keeps_status_zero(backstep):
    with Shell(backstep) as s:
        s.line("import torch")
        s.line("x = torch.ones(3, requires_grad=True)")
        s.line(":break MulBackward0")
        s.send("(x * 2).sum().backward()\r")
        s.expect(PAUSED)
        s.send(":q\r")
        s.expect("A backward is paused. Quit anyway? (y or n) ")
        s.send("y\r")
        check_eq(0, s.wait(), "exit status of the shell")
        check_not_in("backward aborted", s.text(), "output")


def test_nodes_fit_the_terminal_width(backstep):
    import fcntl
    import struct
    import termios
    with Shell(backstep) as s:
        fcntl.ioctl(s.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 60, 0, 0))
        s.line("import torch")
        s.line("a_long_leaf_name = torch.ones(3, requires_grad=True)")
        s.line("b = (a_long_leaf_name * 2).exp().sum()")
        out = s.line(":nodes b")
        rows = [l for l in out.split("\n") if l.startswith("#")]
        check(len(rows) == 4, f"four nodes in {out!r}")
        for row in rows:
            check(len(row) <= 60, f"a row wider than the terminal: {row!r}")
        check_in("...", out)


def test_help_lists_aliases_and_explains_each_command(backstep):
    with Shell(backstep) as s:
        out = s.line(":help")
        for alias in (":n next", ":c continue", ":l list", ":q quit", ":b break"):
            check_in(alias, out, ":help output")
        for name in ("run", "next", "tbreak", "condition", "ignore", "disable", "enable", "delete",
                     "info", "display", "finish", "where", "saved"):
            out = s.line(":help " + name)
            check_in(":" + name, out, ":help " + name)
            check_not_in("unknown command", out, ":help " + name)


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
