# functools: partial, partialmethod, reduce, wraps, update_wrapper.
import functools
from functools import partial, partialmethod, reduce, wraps


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


def power(base, exponent, *, scale=1):
    return scale * base ** exponent


square = partial(power, exponent=2)
cube = partial(power, exponent=3, scale=10)
print(square(5), cube(2), square(3, exponent=3), cube(2, scale=1))
print(square.func is power, square.args, square.keywords)
two_to = partial(power, 2)
print(two_to(10), two_to.args, [two_to(i) for i in range(5)])
print(partial(max, 1, key=abs), partial(print, sep='-'), partial(int, '42')())
nested = partial(partial(max, 1), 2, key=abs)
print(nested, nested.args, nested(-5), nested.func)


class Tagged(partial):
    pass


tg = Tagged(max, 4)
print(tg, tg(9), type(tg).__name__, Tagged(tg, 1).args)
p2 = partial(max, 0)
p2.note = 'has a dict'
print(partial(p2, 5).args, partial(p2, 5).func is p2, p2.note)
attempt('no args', lambda: partial())
attempt('not callable', lambda: partial(3))
attempt('call error', lambda: partial(power, 1, 2, 3)())
attempt('unknown kw', lambda: partial(power, 2, 3, bad=1)())
print(sorted(['b', 'A', 'c'], key=partial(str.lower)))


class Cell:
    def __init__(self):
        self.alive = False

    def set_state(self, state):
        self.alive = state

    set_alive = partialmethod(set_state, True)
    set_dead = partialmethod(set_state, False)

    @classmethod
    def build(cls, kind, size):
        return (cls.__name__, kind, size)

    small = partialmethod(build, size=1)


c = Cell()
c.set_alive()
print(c.alive)
c.set_dead()
print(c.alive, Cell.small('a'), c.small('b'))
print(callable(Cell.set_alive), Cell.set_alive.__name__)
print(partialmethod(max, 1), partialmethod(max, x=1), partialmethod(max))
attempt('partialmethod bad', lambda: partialmethod(5))

# reduce
print(reduce(lambda a, b: a + b, [1, 2, 3, 4]), reduce(max, [3, 9, 2]),
      reduce(lambda a, b: a * b, range(1, 6), 1), reduce(min, [], 'empty'),
      reduce(lambda acc, ch: ch + acc, 'abc', ''), reduce(max, [7]),
      reduce(lambda a, b: a, [], None))
attempt('empty', lambda: reduce(max, []))
attempt('not iterable', lambda: reduce(max, 5))
print(reduce(lambda a, b: a + [b], range(3), []))


# wraps / update_wrapper
def logged(func):
    @wraps(func)
    def wrapper(*args, **kwargs):
        print('calling', func.__name__, args)
        return func(*args, **kwargs)
    return wrapper


@logged
def add(a: int, b: int = 0) -> int:
    """Add two numbers."""
    return a + b


print(add(2, 3), add.__name__, add.__doc__, add.__qualname__,
      add.__module__, add.__annotations__, add.__wrapped__.__name__)


def target():
    "target doc"


target.extra = 'copied'


def shim():
    pass


result = functools.update_wrapper(shim, target)
print(result is shim, shim.__name__, shim.__doc__, shim.extra,
      shim.__wrapped__ is target)


def only_name():
    pass


functools.update_wrapper(only_name, target, assigned=('__doc__',), updated=())
print(only_name.__name__, only_name.__doc__, hasattr(only_name, 'extra'))
print(functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES)


class Callable:
    def __call__(self):
        return 'called'


def wrapper2():
    pass


functools.update_wrapper(wrapper2, Callable())
print(wrapper2.__name__, wrapper2.__wrapped__())
