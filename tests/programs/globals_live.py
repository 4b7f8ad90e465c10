# globals() and a module's __dict__ are the live namespace, as in CPython.
g = globals()
g['X'] = 1
print(X)
g.update({'Y': 2, 'Z': 3})
print(X + Y + Z)
print('X' in globals(), 'nope' in globals())
del globals()['Y']
try:
    print(Y)
except NameError as e:
    print("NameError:", e)
print(g is globals())
print(globals().get('Z'), globals().setdefault('W', 10), W)
print(globals().pop('W'), 'W' in globals())


def later():
    return globals()['LATE']


LATE = 'assigned after the def'
print(later())


def set_from_function():
    globals()['FROM_FN'] = 'set in a function'


set_from_function()
print(FROM_FN)

a_first = 1
b_second = 2
keys = [k for k in globals() if not k.startswith('__')]
print(keys[-3:])
a_first = 5
print(g['a_first'])
del a_first
print('a_first' in g)

ns = {k: v for k, v in globals().items() if k in ('X', 'Z')}
print(ns)

import statistics
d = statistics.__dict__
d['added_here'] = 42
print(statistics.added_here)
statistics.other = 7
print(d['other'])
del d['other']
print(hasattr(statistics, 'other'))
print(statistics.__dict__ is d, d['__name__'])

for name in ('P0', 'P1', 'P2'):
    globals()[name] = len(name)
print(P0, P1, P2)


def reader():
    return counter


globals()['counter'] = 1
print(reader())
globals()['counter'] += 1
print(reader(), 'counter' in globals(), len([k for k in globals() if k == 'counter']))
vars()['via_vars'] = 'vars() at module level'
print(via_vars, locals() is globals())
