# Folding counts as CPython's: 4 identical entries print 3 and "1 more time",
# different lines of one function (mutual recursion) are not folded, and each
# traceback of a chain folds on its own (compared with CPython's: tracebacks/).
# compare-traceback
def down(n):
    if n == 0:
        raise ValueError("bottom")
    down(n - 1)


try:
    down(4)
except ValueError as e:
    bottom = e


def ping(n):
    if n == 0:
        raise KeyError("ping") from bottom
    pong(n - 1)


def pong(n):
    ping(n)


ping(5)
