# collections.abc: isinstance/issubclass for builtins and duck types.
import collections.abc as cabc
from collections.abc import (Iterable, Iterator, Generator, Sized, Container,
                             Callable, Hashable, Collection, Sequence,
                             MutableSequence, Mapping, MutableMapping, Set,
                             MutableSet, KeysView, ItemsView, ValuesView,
                             Reversible, MappingView)


def gen():
    yield 1


samples = [('list', []), ('tuple', ()), ('str', ''), ('dict', {}),
           ('set', set()), ('frozenset', frozenset()), ('range', range(3)),
           ('int', 0), ('float', 1.5), ('None', None),
           ('list_iter', iter([])), ('gen', gen()), ('keys', {}.keys()),
           ('items', {}.items()), ('values', {}.values()),
           ('function', gen), ('lambda', lambda: 0), ('type', int),
           ('zip', zip()), ('reversed', reversed([1])),
           ('dict_iter', iter({}))]
abcs = [Iterable, Iterator, Generator, Sized, Container, Callable, Hashable,
        Collection, Sequence, MutableSequence, Mapping, MutableMapping, Set,
        MutableSet, KeysView, ItemsView, ValuesView, Reversible]
for name, value in samples:
    hits = [abc.__name__ for abc in abcs if isinstance(value, abc)]
    print('%-10s %s' % (name, ' '.join(hits)))


# Duck typing through __subclasshook__.
class OnlyIter:
    def __iter__(self):
        return iter([])


class OnlyLen:
    def __len__(self):
        return 0


class Full:
    def __len__(self):
        return 0

    def __iter__(self):
        return iter([])

    def __contains__(self, x):
        return False


class Unhashable:
    __hash__ = None


class IterDisabled(OnlyIter):
    __iter__ = None


class Calls:
    def __call__(self):
        pass


class NextOnly:
    def __next__(self):
        raise StopIteration


for cls in [OnlyIter, OnlyLen, Full, Unhashable, IterDisabled, Calls,
            NextOnly]:
    hits = [abc.__name__ for abc in abcs if issubclass(cls, abc)]
    print('%-12s %s' % (cls.__name__, ' '.join(hits)))

# One-method hooks apply only to the ABC itself, not its subclasses.
print(issubclass(Full, Collection), issubclass(Full, Sequence),
      issubclass(OnlyIter, Reversible))

# register() makes virtual subclasses; subclasses of those count too.


class MyList:
    pass


class MySub(MyList):
    pass


print(issubclass(MyList, Sequence), issubclass(MySub, Sequence))
Sequence.register(MyList)
print(issubclass(MyList, Sequence), issubclass(MySub, Sequence),
      isinstance(MySub(), Sequence), issubclass(MyList, Iterable),
      issubclass(MyList, MutableSequence))
print(MyList.__mro__)
try:
    issubclass(5, Sequence)
except TypeError as e:
    print('TypeError', e)
try:
    Sequence.register(5)
except TypeError as e:
    print('TypeError', e)
print(Sequence.register(MyList) is MyList)
print(Iterable, Sequence, cabc.Mapping.__module__, Sequence.__name__)
print(sorted(Sequence.__abstractmethods__), sorted(MutableMapping.__abstractmethods__))
print(sorted(Set.__abstractmethods__), sorted(Iterator.__abstractmethods__))
print(Iterable[int], Mapping[str, int], Callable[[int, str], bool],
      Callable[..., int])
print(Callable[[int], str].__args__, Callable[[], None].__args__)
try:
    Callable[int]
except TypeError as e:
    print('TypeError', e)
try:
    Callable[int, str]
except TypeError as e:
    print('TypeError', e)
