# function.__code__ (the co_* attributes) and globals(), as CPython 3.11.
import functools

counter = 3


def deco(f):
    return f


def f(a, b=1, *args, c, d=2, **kw):
    x = 1

    def g():
        return x
    y = a
    return g


c = f.__code__
print(c.co_name, c.co_qualname, c.co_filename.endswith('code_globals.py'), c.co_firstlineno)
print(c.co_varnames, c.co_argcount, c.co_kwonlyargcount, c.co_posonlyargcount, c.co_nlocals, c.co_cellvars, c.co_freevars)
g = f(1, c=3)
print(g.__code__.co_freevars, g.__code__.co_varnames, g.__code__.co_qualname, g.__code__.co_name)
print((lambda q, r=2: q).__code__.co_varnames, (lambda: 0).__code__.co_name, type(c).__name__)
print(functools.wraps(f)(lambda *a: 0).__wrapped__.__code__.co_name)
names = sorted(k for k in globals() if not k.startswith('__'))
print(names)
print(globals()['deco'] is deco, '__name__' in globals(), globals()['__name__'], globals().get('counter'), 'nothing' in globals())


def inner():
    local = 1
    return 'local' in globals(), 'inner' in globals()


print(inner())
