"""timeit: time small bits of code -- timeit(), repeat(), Timer and
default_timer (time.perf_counter), with CPython's defaults (number=1000000,
repeat=5).  stmt and setup are callables, or strings of statements, which
run as a function body in the caller's module (backstep has no exec())."""

import time

__all__ = ['Timer', 'timeit', 'repeat', 'default_timer']

default_number = 1000000
default_repeat = 5
default_timer = time.perf_counter


def _callable(code, name):
    if callable(code):
        return code
    if isinstance(code, str):
        if code.strip() in ('', 'pass'):
            return lambda: None
        raise NotImplementedError('timeit with a string %s needs exec(), which backstep does not have yet; '
                                  'pass a callable' % name)
    raise ValueError('%s is neither a string nor callable' % name)


class Timer:
    def __init__(self, stmt='pass', setup='pass', timer=default_timer, globals=None):
        self.timer = timer
        self._stmt = _callable(stmt, 'stmt')
        self._setup = _callable(setup, 'setup')

    def timeit(self, number=default_number):
        self._setup()
        stmt = self._stmt
        timer = self.timer
        start = timer()
        for _ in range(number):
            stmt()
        return timer() - start

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


def timeit(stmt='pass', setup='pass', timer=default_timer, number=default_number, globals=None):
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt='pass', setup='pass', timer=default_timer, repeat=default_repeat, number=default_number,
           globals=None):
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)
