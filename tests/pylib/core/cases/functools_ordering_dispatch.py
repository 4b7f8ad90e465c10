# functools: total_ordering, cmp_to_key, singledispatch(method).
from functools import total_ordering, cmp_to_key, singledispatch, \
    singledispatchmethod
from collections.abc import Sequence, Mapping, Iterable, Sized


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


@total_ordering
class Version:
    def __init__(self, major, minor):
        self.key = (major, minor)

    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.key == other.key

    def __lt__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.key < other.key

    def __repr__(self):
        return 'Version%r' % (self.key,)


a, b = Version(1, 2), Version(1, 10)
print(a < b, a <= b, a > b, a >= b, a == b, a != b, a <= Version(1, 2))
print(sorted([b, a, Version(0, 9)]), max(a, b))
print(Version.__gt__.__name__, Version.__le__.__name__)
attempt('compare to int', lambda: a < 3)
attempt('ge to int', lambda: a >= 3)


@total_ordering
class Score:
    def __init__(self, v):
        self.v = v

    def __ge__(self, other):
        return self.v >= other.v

    def __eq__(self, other):
        return self.v == other.v


print(Score(1) < Score(2), Score(1) > Score(2), Score(2) <= Score(2))
attempt('no ordering', lambda: total_ordering(type('Plain', (), {})))


def compare_length_then_alpha(x, y):
    if len(x) != len(y):
        return len(x) - len(y)
    return (x > y) - (x < y)


words = ['pear', 'fig', 'apple', 'kiwi', 'date']
print(sorted(words, key=cmp_to_key(compare_length_then_alpha)))
print(sorted(words, key=cmp_to_key(compare_length_then_alpha), reverse=True))
K = cmp_to_key(lambda x, y: y - x)
print(sorted([3, 1, 2], key=K), K(1) < K(2), K(1) == K(1), min([5, 9], key=K))
attempt('compare with int', lambda: K(1) < 2)


@singledispatch
def show(obj):
    return 'object:%r' % (obj,)


@show.register
def _(obj: int):
    return 'int:%d' % obj


@show.register(list)
def _show_list(obj):
    return 'list of %d' % len(obj)


@show.register(Mapping)
def _(obj):
    return 'mapping with %s' % sorted(obj)


def show_float(obj):
    return 'float:%.1f' % obj


print(show.register(float, show_float) is show_float)
print(show(3), show(True), show([1, 2]), show({'b': 1, 'a': 2}), show(2.5),
      show('s'), show(None), show((1,)))
print(show.dispatch(bool).__name__, show.dispatch(str).__name__,
      show.dispatch(dict).__name__, sorted(c.__name__ for c in show.registry))
attempt('no args', lambda: show())


@singledispatch
def size(obj):
    return 'unknown'


@size.register(Sized)
def _(obj):
    return 'sized %d' % len(obj)


@size.register(Sequence)
def _(obj):
    return 'sequence %d' % len(obj)


class Box:
    def __len__(self):
        return 7


print(size([1]), size('ab'), size({1: 2}), size(Box()), size(3))


@singledispatch
def ambiguous(obj):
    return 'default'


@ambiguous.register(Sized)
def _(obj):
    return 'sized'


@ambiguous.register(Iterable)
def _(obj):
    return 'iterable'


class Both:
    def __len__(self):
        return 0

    def __iter__(self):
        return iter(())


attempt('ambiguous', lambda: ambiguous(Both()))
attempt('list is both too', lambda: ambiguous([1]))
print(ambiguous(5))


class Formatter:
    @singledispatchmethod
    def fmt(self, arg):
        return 'generic'

    @fmt.register
    def _(self, arg: int):
        return 'int %d' % arg

    @fmt.register(str)
    def _(self, arg):
        return 'str ' + arg

    @singledispatchmethod
    @classmethod
    def kind(cls, arg):
        return cls.__name__ + ' other'

    @kind.register(float)
    @classmethod
    def _(cls, arg):
        return cls.__name__ + ' float'


f = Formatter()
print(f.fmt(1), f.fmt('x'), f.fmt(1.5), Formatter.kind(2.0), Formatter.kind(1))


class Base:
    pass


class Derived(Base):
    pass


@singledispatch
def handle(x):
    return 'object'


handle.register(Base, lambda x: 'base')
print(handle(Derived()), handle(Base()))
handle.register(Derived, lambda x: 'derived')
print(handle(Derived()), handle(Base()))
