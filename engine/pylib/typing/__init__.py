"""Support for type hints: the names annotations use (Any, Optional, List,
Callable, TypeVar, Generic, Protocol, NamedTuple, ...) and the functions
that read annotations at run time (get_type_hints, get_origin, get_args).

Everything prints as CPython's typing prints it.  The implementation is
spread over this package: _base (shared helpers), _forms (Union, Optional,
Literal, ...), _aliases (List[int] and friends), _typevars, _generic
(Generic, Protocol, Annotated), _structures (NamedTuple, TypedDict,
NewType), _evaluate and _hints (ForwardRef, get_type_hints, ...).
"""

import collections
import collections.abc
import contextlib
from typing._base import _Final, _type_check, _type_repr
from typing._forms import (_SpecialForm, Any, NoReturn, Never, Self,
                           LiteralString, TypeAlias, ClassVar, Final,
                           TypeGuard, Required, NotRequired, Union, Optional,
                           Literal, Concatenate, Unpack)
from typing._aliases import (_BaseGenericAlias, _GenericAlias,
                             _SpecialGenericAlias, _CallableGenericAlias,
                             _CallableType, _TupleType, _UnionGenericAlias,
                             _LiteralGenericAlias, _AnnotatedAlias)
from typing._typevars import (TypeVar, TypeVarTuple, ParamSpec,
                              ParamSpecArgs, ParamSpecKwargs)
from typing._generic import Generic, Protocol, runtime_checkable, Annotated
from typing._structures import (NamedTuple, NamedTupleMeta, TypedDict,
                                is_typeddict, NewType)
from typing._hints import (ForwardRef, get_type_hints, get_origin, get_args,
                           cast, assert_type, assert_never, reveal_type,
                           overload, get_overloads, clear_overloads, final,
                           no_type_check, no_type_check_decorator,
                           dataclass_transform)

# Code under `if TYPE_CHECKING:` is for static type checkers only.
TYPE_CHECKING = False

T = TypeVar('T')  # Any type.
KT = TypeVar('KT')  # Key type.
VT = TypeVar('VT')  # Value type.
T_co = TypeVar('T_co', covariant=True)  # Any type covariant containers.
V_co = TypeVar('V_co', covariant=True)  # Any type covariant containers.
VT_co = TypeVar('VT_co', covariant=True)  # Value type covariant containers.
T_contra = TypeVar('T_contra', contravariant=True)  # Ditto contravariant.
CT_co = TypeVar('CT_co', covariant=True, bound=type)

try:
    AnyStr = TypeVar('AnyStr', bytes, str)
except NameError:                       # an interpreter without bytes
    AnyStr = TypeVar('AnyStr', str, str)


def _alias(origin, nparams, inst=True, name=None):
    return _SpecialGenericAlias(origin, nparams, inst=inst, name=name)


Hashable = _alias(collections.abc.Hashable, 0)
Awaitable = _alias(collections.abc.Awaitable, 1)
Coroutine = _alias(collections.abc.Coroutine, 3)
AsyncIterable = _alias(collections.abc.AsyncIterable, 1)
AsyncIterator = _alias(collections.abc.AsyncIterator, 1)
Iterable = _alias(collections.abc.Iterable, 1)
Iterator = _alias(collections.abc.Iterator, 1)
Reversible = _alias(collections.abc.Reversible, 1)
Sized = _alias(collections.abc.Sized, 0)
Container = _alias(collections.abc.Container, 1)
Collection = _alias(collections.abc.Collection, 1)
Callable = _CallableType(collections.abc.Callable, 2)
AbstractSet = _alias(collections.abc.Set, 1, name='AbstractSet')
MutableSet = _alias(collections.abc.MutableSet, 1)
Mapping = _alias(collections.abc.Mapping, 2)
MutableMapping = _alias(collections.abc.MutableMapping, 2)
Sequence = _alias(collections.abc.Sequence, 1)
MutableSequence = _alias(collections.abc.MutableSequence, 1)
ByteString = _alias(collections.abc.ByteString, 0)
Tuple = _TupleType(tuple, -1, inst=False, name='Tuple')
List = _alias(list, 1, inst=False, name='List')
Deque = _alias(collections.deque, 1, name='Deque')
Set = _alias(set, 1, inst=False, name='Set')
FrozenSet = _alias(frozenset, 1, inst=False, name='FrozenSet')
MappingView = _alias(collections.abc.MappingView, 1)
KeysView = _alias(collections.abc.KeysView, 1)
ItemsView = _alias(collections.abc.ItemsView, 2)
ValuesView = _alias(collections.abc.ValuesView, 1)
ContextManager = _alias(contextlib.AbstractContextManager, 1,
                        name='ContextManager')
Dict = _alias(dict, 2, inst=False, name='Dict')
DefaultDict = _alias(collections.defaultdict, 2, name='DefaultDict')
OrderedDict = _alias(collections.OrderedDict, 2)
Counter = _alias(collections.Counter, 1)
ChainMap = _alias(collections.ChainMap, 2)
Generator = _alias(collections.abc.Generator, 3)
AsyncGenerator = _alias(collections.abc.AsyncGenerator, 2)
Type = _alias(type, 1, inst=False, name='Type')

Text = str


@runtime_checkable
class SupportsInt(Protocol):
    """An ABC with one abstract method __int__."""

    def __int__(self):
        pass


@runtime_checkable
class SupportsFloat(Protocol):
    """An ABC with one abstract method __float__."""

    def __float__(self):
        pass


@runtime_checkable
class SupportsIndex(Protocol):
    """An ABC with one abstract method __index__."""

    def __index__(self):
        pass


@runtime_checkable
class SupportsAbs(Protocol[T_co]):
    """An ABC with one abstract method __abs__ that is covariant in its
    return type."""

    def __abs__(self):
        pass


@runtime_checkable
class SupportsRound(Protocol[T_co]):
    """An ABC with one abstract method __round__ that is covariant in its
    return type."""

    def __round__(self, ndigits=0):
        pass


class IO(Generic[AnyStr]):
    """Generic base class for TextIO and BinaryIO (annotations only)."""


class TextIO(IO[str]):
    """Typed version of the return of open() in text mode."""


for _cls in (SupportsInt, SupportsFloat, SupportsIndex, SupportsAbs,
             SupportsRound, IO, TextIO):
    _cls.__module__ = 'typing'
del _cls

__all__ = [
    'Annotated', 'Any', 'Callable', 'ClassVar', 'Concatenate', 'Final',
    'ForwardRef', 'Generic', 'Literal', 'Optional', 'ParamSpec', 'Protocol',
    'Tuple', 'Type', 'TypeVar', 'TypeVarTuple', 'Union', 'AbstractSet',
    'ByteString', 'Container', 'ContextManager', 'Hashable', 'ItemsView',
    'Iterable', 'Iterator', 'KeysView', 'Mapping', 'MappingView',
    'MutableMapping', 'MutableSequence', 'MutableSet', 'Sequence', 'Sized',
    'ValuesView', 'Awaitable', 'AsyncIterator', 'AsyncIterable', 'Coroutine',
    'Collection', 'AsyncGenerator', 'Reversible', 'SupportsAbs',
    'SupportsFloat', 'SupportsIndex', 'SupportsInt', 'SupportsRound',
    'ChainMap', 'Counter', 'Deque', 'Dict', 'DefaultDict', 'List',
    'OrderedDict', 'Set', 'FrozenSet', 'NamedTuple', 'TypedDict',
    'Generator', 'IO', 'TextIO', 'AnyStr', 'assert_type', 'assert_never',
    'cast', 'clear_overloads', 'dataclass_transform', 'final', 'get_args',
    'get_origin', 'get_overloads', 'get_type_hints', 'is_typeddict',
    'LiteralString', 'Never', 'NewType', 'no_type_check',
    'no_type_check_decorator', 'NoReturn', 'NotRequired', 'overload',
    'ParamSpecArgs', 'ParamSpecKwargs', 'Required', 'reveal_type',
    'runtime_checkable', 'Self', 'Text', 'TYPE_CHECKING', 'TypeAlias',
    'TypeGuard', 'Unpack']
