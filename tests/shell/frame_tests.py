"""Frames at a keyboard (issue 15): :pm opens the last traceback at the
shell's prompt (pdb.pm()) and the session goes on after it; Tab completes
the selected frame's variables at paused prompts and at breakpoint(); :pp
prints pprint's text; :render -o makes the folders it writes into."""

import os

from harness import START_TIMEOUT, PtySession, TempDir, base_env, check, check_eq, check_in, check_not_in
from terminal_tests import Shell

POST_MORTEM = "(post-mortem) "
FORWARD = "(forward) "


def at(s, line, prompt):
    s.send(line + "\r")
    return s.expect(prompt)


def define(s, lines):
    for line in lines:
        s.send(line + "\r")
        s.expect("... ")
    s.send("\r")
    s.prompt()


def test_pm_opens_the_last_traceback_and_the_shell_goes_on(backstep):
    with Shell(backstep) as s:
        check_in("no traceback to open", s.line(":pm"))
        s.line("import torch")
        define(s, ["def scale(t, factor):", "    bad = t.view(4)", "    return bad * factor"])
        out = s.line("scale(torch.ones(2, 3), 3.0)")
        check_in("RuntimeError: shape '[4]' is invalid for input of size 6", out)
        s.line("fine = 1")  # an input that works keeps the last traceback
        out = at(s, ":pm", POST_MORTEM)
        check_in("Post-mortem (RuntimeError: shape '[4]' is invalid for input of size 6)", out)
        out = at(s, ":bt", POST_MORTEM)
        check_in("> #0  scale — <stdin>:2", out)
        check_in("  #1  <module> — <stdin>:1", out)
        check_in("3.0", at(s, ":p factor", POST_MORTEM))
        check_in("torch.Size([2, 3])", at(s, "t.shape", POST_MORTEM))
        at(s, "factor = 7", POST_MORTEM)
        check_in("\n7\n", at(s, ":p factor", POST_MORTEM))
        check_in("->    2      bad = t.view(4)", at(s, ":list", POST_MORTEM))
        check_in("#1  <module>", at(s, ":up", POST_MORTEM))
        s.send(":continue\r")
        s.prompt()
        check_in("\n2\n", s.line("1 + 1"))  # the session goes on
        check_in("Post-mortem (RuntimeError", at(s, ":pm", POST_MORTEM))  # as often as asked
        s.send(":c\r")
        s.prompt()
        check_in("NameError: name 'factor' is not defined", s.line("factor"))
        at(s, ":pm", POST_MORTEM)
        s.send(":quit\r")  # nothing is left to run: no question
        check_eq(0, s.wait(), "exit status of the shell")
        check_not_in("Quit anyway", s.text(), "output")


def test_pp_prints_pprints_text(backstep):
    with Shell(backstep) as s:
        s.line("d = {'zeta': list(range(30)), 'alpha': ('a fairly long string', 'another long string', 3)}")
        out = s.line(":pp d")  # CPython's pprint.pformat(d), as its oracle printed it
        check_in("{'alpha': ('a fairly long string', 'another long string', 3),\n"
                 " 'zeta': [0,\n          1,\n", out)
        check_in("          28,\n          29]}\n", out)
        check_in("[1, 2]", s.line(":pp [1, 2]"))


def debug_session(backstep, tmp, source):
    with open(os.path.join(tmp, "prog.py"), "w") as f:
        f.write(source)
    old = os.getcwd()
    os.chdir(tmp)
    try:
        s = PtySession(backstep, base_env(tmp), ["debug", "prog.py"])
    finally:
        os.chdir(old)
    s.expect("(backstep) ", START_TIMEOUT)
    return s


LOCALS = """import torch


def layer(x):
    hidden_activation = x * 2
    return hidden_activation.sum()


out = layer(torch.ones(2, requires_grad=True))
print("out", out)
"""


def test_tab_completes_the_selected_frames_locals(backstep):
    with TempDir() as tmp:
        s = debug_session(backstep, tmp, LOCALS)
        try:
            at(s, ":break prog.py:6", "(backstep) ")
            at(s, ":continue", FORWARD)
            check_in("tensor([2., 2.], grad_fn=<MulBackward0>)", at(s, "hidden_a\t", FORWARD))
            check_in("torch.Size([2])", at(s, ":p hidden_activation.shap\t", FORWARD))
            check_in("#1  <module>", at(s, ":up", FORWARD))
            s.send("hidden_a\t\r")  # not a variable of <module>: nothing to complete
            check_in("NameError: name 'hidden_a' is not defined", s.expect(FORWARD))
            s.send(":c\r")
            check_eq(0, s.wait(), "exit status")
        finally:
            s.close()


BREAKPOINT = """def f():
    local_only_value = 41
    breakpoint()
    return local_only_value


print("f is", f())
"""


def test_tab_completes_locals_at_breakpoint(backstep):
    with TempDir() as tmp:
        s = debug_session(backstep, tmp, BREAKPOINT)
        try:
            at(s, ":run", "(breakpoint) ")
            check_in("41", at(s, "local_only\t", "(breakpoint) "))
            at(s, "local_only_value += 1", "(breakpoint) ")
            s.send(":continue\r")
            s.expect("f is 42")
            check_eq(0, s.wait(), "exit status")
        finally:
            s.close()


def test_render_at_a_forward_pause_draws_the_graph_so_far(backstep):
    with TempDir() as tmp:
        s = debug_session(backstep, tmp, LOCALS)
        try:
            at(s, ":break prog.py:6", "(backstep) ")
            at(s, ":continue", FORWARD)
            target = os.path.join(tmp, "pictures", "so_far.dot")
            check_in("wrote " + target, at(s, ":render -o " + target, FORWARD))
            dot = open(target).read()
            check_in("MulBackward0", dot, "the picture")
            check_not_in("SumBackward0", dot, "the picture (the sum has not run yet)")
            s.send(":c\r")
            check_eq(0, s.wait(), "exit status")
        finally:
            s.close()


def test_render_makes_the_output_folders(backstep):
    with TempDir() as tmp, Shell(backstep, tmp) as s:
        s.line("import torch")
        s.line("t = torch.ones(2, requires_grad=True) * 2")
        target = os.path.join(tmp, "a", "b", "c.dot")
        check_in("wrote " + target, s.line(":render t -o " + target))
        check(os.path.isfile(target), "the picture was written into the new folders")
        check_in("MulBackward0", open(target).read(), "the picture")
        blocker = os.path.join(tmp, "file")
        open(blocker, "w").close()
        out = s.line(":render t -o " + os.path.join(blocker, "c.dot"))
        check_in("is a file", out)
        check_not_in("wrote", out)


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
