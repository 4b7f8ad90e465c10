# oracle: pytorch
# covers: function annotations: parameters (positional, *args, keyword-only, **kwargs) and the return annotation in __annotations__, evaluated once when the def runs (after the defaults, in the enclosing scope, class bodies included), assignable and deletable, not in the function's __dict__; functools.singledispatch registering by annotation
import functools

order = []


def note(label, value):
    order.append(label)
    return value


def f(a: note('a', int), b: note('b', 'str') = note('default', 1), *args: note('args', tuple),
      c: note('c', float) = 2.0, **kw: note('kw', dict)) -> note('return', None):
    return a


print(f.__annotations__)
print(order)
f(1)
print(order, f.__dict__)


def bare(x, y=1):
    pass


print(bare.__annotations__, bare.__annotations__ is bare.__annotations__)
bare.__annotations__ = {'x': int}
print(bare.__annotations__)
del bare.__annotations__
print(bare.__annotations__)


class Shape:
    unit = float

    def area(self, scale: unit = 1.0) -> unit:
        return scale

    def nested(self):
        def inner(v: self.unit) -> list:
            return [v]
        return inner


print(Shape.area.__annotations__, Shape().nested().__annotations__)
print((lambda x: x).__annotations__)


@functools.singledispatch
def kind(value):
    return 'other'


@kind.register
def _(value: int):
    return 'int'


@kind.register
def _(value: list) -> str:
    return 'list'


print(kind(1), kind([]), kind('s'), sorted(t.__name__ for t in kind.registry))
