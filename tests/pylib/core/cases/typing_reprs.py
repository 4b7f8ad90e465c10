# typing: how subscripted types print, compare and decompose.
import typing
from typing import (Any, Optional, Union, List, Dict, Tuple, Set, FrozenSet,
                    Callable, Iterable, Iterator, Sequence, Mapping, Type,
                    Literal, ClassVar, Final, Annotated, DefaultDict, Deque,
                    Counter, OrderedDict, Generator, NoReturn, get_origin,
                    get_args, TypeVar)
import collections
import collections.abc


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


print(Any, Optional, Union, List, Dict, Callable, Tuple, Type, Iterable,
      Literal, ClassVar, NoReturn)
print(Optional[int], Union[int, str], Union[int, None], Union[None, int],
      Union[int, str, None], Optional[Union[int, str]])
print(List[int], Dict[str, List[int]], Tuple[int, ...], Tuple[()],
      Tuple[int, str], Set[float], FrozenSet[str], Type[int])
print(Callable[[int, str], bool], Callable[..., int], Callable[[], None],
      Iterable[str], Iterator[int], Sequence[Tuple[int, int]],
      Mapping[str, Any], Generator[int, None, None])
print(Literal[1, 'a', True], ClassVar[int], Final[str],
      Annotated[int, 'meta', 42], DefaultDict[str, int], Deque[int],
      Counter[str], OrderedDict[str, int])
print(List['Node'], Optional['Node'], Dict[str, 'Node'])


class Node:
    pass


print(List[Node], Optional[Node], Union[Node, int], Callable[[Node], Node])
print(List[list[int]], Optional[dict[str, int]], List[collections.abc.Sized])
T = TypeVar('T')
print(List[T], Dict[str, T], Callable[[T], T], Union[T, int])

# Equality, identity (cached) and hashing.
print(List[int] == List[int], List[int] is List[int], List[int] == List[str],
      Union[int, str] == Union[str, int], Union[int, int] is int,
      Optional[int] == Union[int, None], Literal[1, 2] == Literal[2, 1],
      Literal[1] == Literal[True], hash(List[int]) == hash(List[int]),
      {Optional[str]: 1}[Union[str, None]])
print(Union[Union[int, str], float], Union[int, Union[str, int]],
      Union[int, Optional[str]])

# get_origin / get_args
for tp in [int, List[int], Dict[str, int], Optional[int], Union[int, str],
           Callable[[int], str], Callable[..., str], Tuple[int, ...],
           Literal['x'], Annotated[int, 'm'], ClassVar[int], List,
           typing.Generic, list[int]]:
    print(repr(tp), '->', get_origin(tp), get_args(tp))

# Errors.
attempt('Optional two', lambda: Optional[int, str])
attempt('List two', lambda: List[int, str])
attempt('Dict one', lambda: Dict[int])
attempt('Union empty', lambda: Union[()])
attempt('Callable bad', lambda: Callable[int])
attempt('Callable bad args', lambda: Callable[int, str])
attempt('isinstance List[int]', lambda: isinstance([], List[int]))
attempt('isinstance Any', lambda: isinstance(1, Any))
attempt('isinstance Union', lambda: isinstance(1, Union))
attempt('call List', lambda: List())
attempt('call List[int]', lambda: List[int]())
attempt('call Union', lambda: Union())
attempt('NoReturn[int]', lambda: NoReturn[int])
attempt('Any()', lambda: Any())
attempt('ClassVar arg', lambda: List[ClassVar[int]])
attempt('plain special', lambda: List[Union])
attempt('Annotated one', lambda: Annotated[int])
try:
    class SubUnion(Union):
        pass
except TypeError as e:
    print('TypeError', e)
attempt('not generic', lambda: List[int][str])
print(isinstance([], List), isinstance({}, typing.Mapping),
      issubclass(list, typing.Sequence), isinstance(3, Union[int, str]),
      isinstance('s', Optional[int]), isinstance(None, Optional[int]),
      issubclass(bool, Union[int, str]), isinstance(iter([]), Iterator))
print(List[int].__origin__, List[int].__args__, List.__origin__,
      Dict[str, int].__parameters__, Dict[str, T].__parameters__,
      List[T][int], Dict[T, List[T]][str], Callable[[T], T][int])
print(Optional[int].__args__, Union[int, str].__origin__, List._name,
      List.__name__, List[int].__name__, Optional.__name__)
print(typing.Text, typing.TYPE_CHECKING, typing.AnyStr, typing.Hashable,
      typing.Sized, typing.AbstractSet[int], typing.ContextManager[int],
      typing.ChainMap[str, int], typing.Reversible[int],
      typing.Collection[int], typing.Container[int])
print(List[int].append is list.append, List[int]([1, 2]) if False else '',
      typing.DefaultDict[str, int](int, a=1), typing.Deque[int]([1]))
alias = List[int]
box = typing.Counter[str]('aab')
print(box, box.__orig_class__ if hasattr(box, '__orig_class__') else None)
print(int | None if hasattr(int, '__or__') and False else '', List[int] | None,
      Optional[int] | str, Union[int, str] | None)
