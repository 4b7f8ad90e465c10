"""timeit: time small bits of code -- timeit(), repeat(), Timer and
default_timer (time.perf_counter), with CPython's defaults (number=1000000,
repeat=5).  stmt and setup are callables or strings of statements; strings
are made into the body of a timing function by exec(), as CPython's timeit
does, in `globals` (by default this module's own namespace, as CPython's:
pass globals=globals() to see the caller's names)."""

import gc
import itertools
import time

__all__ = ['Timer', 'timeit', 'repeat', 'default_timer']

default_number = 1000000
default_repeat = 5
default_timer = time.perf_counter

_SOURCE_NAME = "<timeit-src>"


def _indented(code, spaces):
    return code.replace("\n", "\n" + " " * spaces)


def _part(code, name, local_ns):
    """(the statements that run code inside the timing function, the extra
    parameter it needs): a string is checked for syntax and pasted in, a
    callable is passed in and called."""
    if isinstance(code, str):
        compile(code, _SOURCE_NAME, "exec")
        return _indented(code, 8), ""
    if callable(code):
        local_ns["_" + name] = code
        return "_%s()" % name, ", _%s=_%s" % (name, name)
    raise ValueError("%s is neither a string nor callable" % name)


class Timer:
    def __init__(self, stmt='pass', setup='pass', timer=default_timer, globals=None):
        self.timer = timer
        local_ns = {}
        global_ns = _module_globals() if globals is None else globals
        if isinstance(stmt, str) and isinstance(setup, str):
            # The statement must also compile after the setup (a setup that
            # opens a block would otherwise swallow it).
            compile(setup + "\n" + stmt, _SOURCE_NAME, "exec")
        setup_code, setup_param = _part(setup, "setup", local_ns)
        stmt_code, stmt_param = _part(stmt, "stmt", local_ns)
        source = ("def inner(_it, _timer%s%s):\n"
                  "        %s\n"
                  "        _t0 = _timer()\n"
                  "        for _i in _it:\n"
                  "            %s\n"
                  "            pass\n"
                  "        _t1 = _timer()\n"
                  "        return _t1 - _t0\n") % (setup_param, stmt_param, setup_code, _indented(stmt_code, 4))
        self.src = source
        exec(compile(source, _SOURCE_NAME, "exec"), global_ns, local_ns)
        self.inner = local_ns["inner"]

    def timeit(self, number=default_number):
        it = itertools.repeat(None, number)
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self.inner(it, self.timer)
        finally:
            if collecting:
                gc.enable()

    def repeat(self, repeat=default_repeat, number=default_number):
        return [self.timeit(number) for _ in range(repeat)]

    def autorange(self, callback=None):
        i = 1
        while True:
            for j in 1, 2, 5:
                number = i * j
                time_taken = self.timeit(number)
                if callback:
                    callback(number, time_taken)
                if time_taken >= 0.2:
                    return (number, time_taken)
            i *= 10


_module_globals = globals


def timeit(stmt='pass', setup='pass', timer=default_timer, number=default_number, globals=None):
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt='pass', setup='pass', timer=default_timer, repeat=default_repeat, number=default_number,
           globals=None):
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)
