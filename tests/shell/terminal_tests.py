"""The interactive shell, driven through a pseudo-terminal as a person would:
typed lines, TAB, Ctrl-C, Ctrl-D, history across sessions."""

import os
import time

from harness import (START_TIMEOUT, PtySession, TempDir, base_env, check, check_eq,
                     check_frame, check_in, check_not_in)

CTRL_C, CTRL_D, CTRL_P = "\x03", "\x04", "\x10"


class Shell:
    """A context manager: a fresh shell in its own HOME, at its first prompt."""

    def __init__(self, backstep, tmp=None, **env):
        self.backstep, self.tmp, self.env = backstep, tmp, env

    def __enter__(self):
        if self.tmp is None:
            self._tmp = TempDir()
            self.tmp = self._tmp.__enter__()
        else:
            self._tmp = None
        self.s = PtySession(self.backstep, base_env(self.tmp, **self.env))
        self.s.prompt(START_TIMEOUT)
        return self.s

    def __exit__(self, *exc):
        self.s.close()
        if self._tmp:
            self._tmp.__exit__(*exc)


def test_banner_and_expression_echo(backstep):
    with Shell(backstep) as s:
        check_in("backstep ", s.text(), "banner")
        check_in(":help", s.text(), "banner")
        check_in("\n6\n", s.line("1 + 2 + 3"))
        check_in("'ab'", s.line("'a' + 'b'"))
        out = s.line("x = 5")  # an assignment echoes nothing
        check_eq("x = 5\n", out, "output of an assignment")


def test_multiline_def_then_call(backstep):
    with Shell(backstep) as s:
        s.line("def f(x):", then="... ")
        s.line("    y = x * 2", then="... ")
        s.line("    return y", then="... ")
        s.line("")
        check_in("\n42\n", s.line("f(21)"))


def test_one_line_compound_waits_for_blank_line(backstep):
    # As in Python's REPL: `if x: ...` may be followed by `else:`.
    with Shell(backstep) as s:
        s.line("if False: print('yes')", then="... ")
        s.line("else: print('no')", then="... ")
        check_in("no\n", s.line(""))


def test_open_bracket_continues(backstep):
    with Shell(backstep) as s:
        s.line("xs = [1,", then="... ")
        s.line("", then="... ")  # a blank line inside brackets does not end the input
        s.line("      2]")
        check_in("[1, 2]", s.line("xs"))


def test_error_mid_session_then_working_statement(backstep):
    with Shell(backstep) as s:
        out = s.line("1 / 0")
        check_in("Traceback (most recent call last):", out)
        check_in("ZeroDivisionError: division by zero", out)
        out = s.line("undefined_name")
        check_in("NameError: name 'undefined_name' is not defined", out)
        check_in("SyntaxError", s.line("x = )"))
        check_in("still here\n", s.line("print('still here')"))


def test_ctrl_c_during_long_loop(backstep):
    with Shell(backstep) as s:
        s.line("n = 0")
        s.line("while True: n += 1", then="... ")
        s.send("\r")
        time.sleep(1.0)  # let the loop run
        s.send(CTRL_C)
        out = s.expect(">>> ")
        check_in("KeyboardInterrupt", out)
        check_in("Traceback (most recent call last):", out)
        check_in("True\n", s.line("n > 0"))  # the session and its state go on
        check_in("\n4\n", s.line("2 + 2"))


def test_ctrl_c_at_prompt_abandons_input(backstep):
    with Shell(backstep) as s:
        s.send("garbage_that_would_fail")
        time.sleep(0.3)
        s.send(CTRL_C)
        out = s.expect(">>> ")
        check_in("KeyboardInterrupt", out)
        out = s.line("6 * 7")
        check_in("\n42\n", out)
        check_not_in("NameError", out)


def test_ctrl_c_in_block_returns_to_primary_prompt(backstep):
    with Shell(backstep) as s:
        s.line("for i in range(3):", then="... ")
        s.send(CTRL_C)
        check_in("KeyboardInterrupt", s.expect(">>> "))
        check_in("\n5\n", s.line("5"))


def test_ctrl_d_exits_zero(backstep):
    with Shell(backstep) as s:
        s.send(CTRL_D)
        check_eq(0, s.wait(), "exit status after Ctrl-D")


def test_quit_command(backstep):
    with Shell(backstep) as s:
        s.send(":quit\r")
        check_eq(0, s.wait(), "exit status after :quit")


def test_history_persists_across_sessions(backstep):
    with TempDir() as tmp:
        with Shell(backstep, tmp) as s:
            check_in("1235", s.line("1234 + 1"))
            s.send(CTRL_D)
            check_eq(0, s.wait(), "exit status")
        history = os.path.join(tmp, "history")
        check(os.path.exists(history), "no history file was written")
        check_in("1234", open(history, encoding="utf-8", errors="replace").read(), "history file")
        check_eq([], [f for f in os.listdir(tmp) if ".tmp." in f], "leftover temporary files")
        with Shell(backstep, tmp) as s:
            s.send(CTRL_P)  # the previous line, from the first session
            s.expect("1234 + 1")
            check_in("1235", s.line(""))


def test_unwritable_history_is_harmless(backstep):
    with TempDir() as tmp:
        path = os.path.join(tmp, "no-such-folder", "history")
        with Shell(backstep, tmp, BACKSTEP_HISTORY=path) as s:
            check_in("\n2\n", s.line("1 + 1"))
            s.send(CTRL_D)
            check_eq(0, s.wait(), "exit status")


def test_complete_global_name(backstep):
    with Shell(backstep) as s:
        s.line("my_unique_variable = 17")
        s.send("my_uniq\t")
        time.sleep(0.3)
        check_in("\n17\n", s.line(""))


def test_complete_builtin_and_keyword(backstep):
    with Shell(backstep) as s:
        s.send("isinst\t")
        time.sleep(0.3)
        check_in("True", s.line("(1, int)"))


def test_complete_attribute(backstep):
    with Shell(backstep) as s:
        s.line("names = ['a']")
        s.send("names.appe\t")
        time.sleep(0.3)
        s.line("('b')")
        check_in("['a', 'b']", s.line("names"))


def test_complete_does_not_call(backstep):
    # Only plain dotted names are evaluated for completion: TAB after a
    # call must not run it.
    with Shell(backstep) as s:
        s.line("calls = []")
        s.line("def f():", then="... ")
        s.line("    calls.append(1)", then="... ")
        s.line("    return 'x'", then="... ")
        s.line("")
        s.send("f().up\t")
        time.sleep(0.3)
        s.send(CTRL_C)
        s.expect("KeyboardInterrupt\n>>> ")
        check_in("[]", s.line("calls"))


def test_complete_torch(backstep):
    with Shell(backstep) as s:
        s.line("import torch")
        s.send("torch.ad\t\t")  # ambiguous: the second TAB lists the choices
        out = s.expect("torch.addmm")
        check_in("torch.add", out)
        s.send(CTRL_C)  # libedit redraws ">>> torch.ad" after the list: sync past it
        s.expect("KeyboardInterrupt\n>>> ")
        s.line("t = torch.ones(2)")
        s.send("t.requires_gr\t")
        time.sleep(0.3)
        check_in("False", s.line(""))


def test_complete_command_name(backstep):
    with Shell(backstep) as s:
        s.send(":hel\t")
        time.sleep(0.3)
        check_in(":load FILE", s.line(""))


def test_help_command(backstep):
    with Shell(backstep) as s:
        out = s.line(":help")
        for usage in (":help", ":load FILE", ":quit"):
            check_in(usage, out, ":help output")
        check_in(":load FILE", s.line(":help load"))


def test_unknown_command(backstep):
    with Shell(backstep) as s:
        check_in("unknown command ':frobnicate'", s.line(":frobnicate"))
        check_in("\n3\n", s.line("1 + 2"))


def test_load_command(backstep):
    with TempDir() as tmp:
        prog = os.path.join(tmp, "defs.py")
        with open(prog, "w") as f:
            f.write("def greet(name):\n    return 'hi ' + name\nloaded_value = 41\n")
        with Shell(backstep, tmp) as s:
            check_eq(f":load {prog}\n", s.line(f":load {prog}"), "output of :load")
            check_in("\n42\n", s.line("loaded_value + 1"))
            check_in("'hi you'", s.line("greet('you')"))
            check_in("\n42\n", s.line(f":loa {prog}") + s.line("loaded_value + 1"))
            out = s.line(":load /no/such/file.py")
            check_in(":load: cannot open '/no/such/file.py': No such file or directory", out)
            check_in(":load: usage: :load FILE", s.line(":load"))


def test_load_command_reports_errors(backstep):
    with TempDir() as tmp:
        prog = os.path.join(tmp, "bad.py")
        with open(prog, "w") as f:
            f.write("before = 1\nraise ValueError('bad load')\nafter = 2\n")
        with Shell(backstep, tmp) as s:
            out = s.line(f":load {prog}")
            check_in("ValueError: bad load", out)
            check_frame(out, prog, 2, "<module>")
            check_in("\n1\n", s.line("before"))


def test_colour_only_when_allowed(backstep):
    with Shell(backstep, NO_COLOR=None) as s:
        s.send("1 / 0\r")
        s.prompt()
        check_in(b"\x1b[", s.raw[s.raw.find(b"ZeroDivision") - 12:], "raw output (colour)")
    with Shell(backstep) as s:  # NO_COLOR=1
        s.send("1 / 0\r")
        s.prompt()
        after = s.raw[s.raw.find(b"1 / 0"):]
        check_not_in(b"\x1b[1;31m", after, "raw output (NO_COLOR)")


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
