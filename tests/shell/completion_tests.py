"""Tab completion of a `:` command's arguments as a whole at a keyboard (a
pseudo-terminal): file names with their folder part (`:load
my-sub/prog_a<Tab>`) and options (`:render --sa<Tab>`, the example in
docs/commands.md), although the line editor's Python word breaks stop a word
at '/' and '-'."""

import os

from harness import START_TIMEOUT, PtySession, TempDir, base_env, check_in, check_not_in


class ShellIn:
    """A shell started in the folder `tmp` (relative paths are the user's)."""

    def __init__(self, backstep, tmp):
        self.backstep, self.tmp = backstep, tmp

    def __enter__(self):
        old = os.getcwd()
        os.chdir(self.tmp)
        try:
            self.s = PtySession(self.backstep, base_env(self.tmp))
        finally:
            os.chdir(old)
        self.s.prompt(START_TIMEOUT)
        return self.s

    def __exit__(self, *exc):
        self.s.close()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def test_tab_completes_a_path_with_its_folder(backstep):
    with TempDir() as tmp:
        write(os.path.join(tmp, "my-sub", "prog_abc.py"), 'print("loaded abc")\n')
        write(os.path.join(tmp, "my-sub", "other.py"), 'print("loaded other")\n')
        with ShellIn(backstep, tmp) as s:
            out = s.line(":load my-sub/prog_a\t")  # the folder part and a '-' in it
            check_in(":load my-sub/prog_abc.py", out)
            check_in("loaded abc", out)
            s.send(":load my-s\t")  # a folder completes with its '/' ...
            s.expect("my-sub/")
            out = s.line("ot\t")  # ... and the next Tab goes into it
            check_in("loaded other", out)
            check_not_in("cannot open", out)


def test_tab_completes_a_command_option(backstep):
    with TempDir() as tmp, ShellIn(backstep, tmp) as s:
        s.line("import torch")
        s.line("x = torch.ones(2, requires_grad=True)")
        s.line("y = (x * 2).sum()")
        out = s.line(":render y --sa\t -o g.txt")
        check_in(":render y --saved -o g.txt", out)
        check_in("wrote g.txt", out)
        check_not_in("NameError", out)
        out = s.line(":nodes y\t")  # a Python word still completes as Python (y, yield)
        check_not_in("--", out)


TESTS = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
