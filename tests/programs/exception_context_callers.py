# An exception raised in a function that an except block called chains to the
# exception being handled there (CPython's sys.exc_info() spans the callers),
# whether a raise statement or the interpreter raised it; a bare raise in such
# a function re-raises the caller's exception.


def inner_raise():
    try:
        raise KeyError("k")
    except KeyError as e:
        return e


def inner_error():
    try:
        {}["missing"]
    except KeyError as e:
        return e


def inner_zero():
    try:
        1 / 0
    except ZeroDivisionError as e:
        return e


def reraise():
    raise


try:
    raise ValueError("v")
except ValueError:
    for fn in (inner_raise, inner_error, inner_zero):
        e = fn()
        print(fn.__name__, repr(e), repr(e.__context__))

try:
    try:
        raise TypeError("t")
    except TypeError:
        reraise()
except TypeError as e:
    print("bare raise in a callee:", repr(e))

try:
    reraise()
except RuntimeError as e:
    print("nothing handled:", e)

print("outside:", repr(inner_raise().__context__))


def nested():
    try:
        raise OSError("o")
    except OSError:
        return inner_zero()


e = nested()
print("nearest handler wins:", repr(e.__context__))
