"""Abstract base classes for containers (collections.abc).

Each ABC states the methods a kind of container needs (abstract) and
derives the rest from them (mixins).  The one-method ABCs (Iterable, Sized,
Hashable, ...) also recognise any class that merely defines the method,
through `__subclasshook__`, and the builtin containers are registered with
the ABC that describes them, so isinstance([], Sequence) holds.  The ABCs
are defined in _abc_base and _abc_containers.
"""

from collections._abc_base import (
    Hashable, Awaitable, Coroutine, AsyncIterable, AsyncIterator,
    AsyncGenerator, Iterable, Iterator, Reversible, Generator, Sized,
    Container, Collection, Callable, _CallableGenericAlias, _check_methods)
from collections._abc_containers import (
    Set, MutableSet, Mapping, MappingView, KeysView, ItemsView, ValuesView,
    MutableMapping, Sequence, ByteString, MutableSequence)

__all__ = ['Awaitable', 'Coroutine', 'AsyncIterable', 'AsyncIterator',
           'AsyncGenerator', 'Hashable', 'Iterable', 'Iterator', 'Generator',
           'Reversible', 'Sized', 'Container', 'Callable', 'Collection',
           'Set', 'MutableSet', 'Mapping', 'MutableMapping', 'MappingView',
           'KeysView', 'ItemsView', 'ValuesView', 'Sequence',
           'MutableSequence', 'ByteString']


# ---- the builtins' places in the hierarchy -------------------------------------

def _a_generator():
    yield


_some_dict = {}
Iterator.register(type(iter([])))
Iterator.register(type(reversed([])))
Iterator.register(type(iter(())))
Iterator.register(type(iter('')))
Iterator.register(type(iter(range(0))))
Iterator.register(type(iter(set())))
Iterator.register(type(iter(_some_dict)))
Iterator.register(type(iter(_some_dict.values())))
Iterator.register(type(iter(_some_dict.items())))
Iterator.register(type(zip()))
Generator.register(type(_a_generator()))
Set.register(frozenset)
MutableSet.register(set)
KeysView.register(type(_some_dict.keys()))
ItemsView.register(type(_some_dict.items()))
ValuesView.register(type(_some_dict.values()))
if type(type.__dict__) is not dict:
    Mapping.register(type(type.__dict__))
MutableMapping.register(dict)
Sequence.register(tuple)
Sequence.register(str)
Sequence.register(range)
MutableSequence.register(list)
try:
    ByteString.register(bytes)
    ByteString.register(bytearray)
    MutableSequence.register(bytearray)
except NameError:               # an interpreter without bytes
    pass
del _some_dict
