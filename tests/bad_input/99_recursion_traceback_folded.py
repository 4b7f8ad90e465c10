# Unbounded recursion: RecursionError, and the traceback folds the repeated
# entries as CPython's does ("[Previous line repeated N more times]"; the
# whole traceback is compared with CPython's: tracebacks/).
# compare-traceback
def f(n):
    return f(n + 1)


f(0)
