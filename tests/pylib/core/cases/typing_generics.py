# typing: TypeVar, Generic classes, Protocol, NewType, overload, cast.
import typing
from typing import (TypeVar, Generic, Protocol, runtime_checkable, NewType,
                    List, Dict, Optional, Iterator, cast, overload, final,
                    ParamSpec, Callable, Concatenate, get_overloads)


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


T = TypeVar('T')
K = TypeVar('K', bound=str)
N = TypeVar('N', int, float)
T_co = TypeVar('T_co', covariant=True)
T_contra = TypeVar('T_contra', contravariant=True)
print(T, K, N, T_co, T_contra, T.__name__, K.__bound__, N.__constraints__,
      T_co.__covariant__, T_contra.__contravariant__, T.__module__,
      typing.T.__module__, T == T, T == TypeVar('T'))
attempt('bivariant', lambda: TypeVar('B', covariant=True, contravariant=True))
attempt('single constraint', lambda: TypeVar('S', int))
attempt('bound and constraints', lambda: TypeVar('S', int, str, bound=int))
attempt('subclass TypeVar', lambda: type('X', (TypeVar,), {}))
print(T | int, Optional[T], List[T][int])


class Stack(Generic[T]):
    def __init__(self):
        self.items: List[T] = []

    def push(self, item: T) -> None:
        self.items.append(item)

    def pop(self) -> T:
        return self.items.pop()

    def __iter__(self) -> Iterator[T]:
        return iter(self.items)


s = Stack[int]()
s.push(1)
s.push(2)
print(s.pop(), list(s), Stack[int], Stack[str] == Stack[str], Stack.__parameters__,
      Stack[int].__origin__ is Stack, Stack[int].__args__, type(s).__name__,
      s.__orig_class__, Stack.__mro__)
plain = Stack()
print(hasattr(plain, '__orig_class__'), isinstance(s, Stack))
attempt('too many', lambda: Stack[int, str])
attempt('isinstance param', lambda: isinstance(s, Stack[int]))


class Pair(Generic[K, T]):
    def __init__(self, key: K, value: T):
        self.key, self.value = key, value


print(Pair[str, int], Pair.__parameters__, Pair[str, int]('a', 1).value,
      Pair[str, List[T]], Pair[str, List[T]][float])


class IntStack(Stack[int]):
    pass


class Mapping2(Dict[str, T]):
    pass


print(IntStack.__parameters__, IntStack.__orig_bases__, IntStack.__mro__[1:3],
      Mapping2.__parameters__, Mapping2[int], Mapping2.__mro__[1].__name__)
attempt('Generic[int]', lambda: Generic[int])
attempt('Generic[T, T]', lambda: Generic[T, T])

try:
    class Bad(Generic):
        pass
except TypeError as e:
    print('TypeError', e)
try:
    class Missing(Stack[T], Generic[K]):
        pass
except TypeError as e:
    print('TypeError', e)


class Both(Stack[T], Generic[T]):
    pass


print(Both.__parameters__, Both[int])


@runtime_checkable
class Closable(Protocol):
    def close(self) -> None:
        ...


class HasSize(Protocol):
    size: int

    def area(self) -> int:
        ...


class File:
    def close(self):
        print('closing')


class Nothing:
    pass


print(isinstance(File(), Closable), isinstance(Nothing(), Closable),
      issubclass(File, Closable), issubclass(int, Closable))
attempt('non-runtime isinstance', lambda: isinstance(File(), HasSize))
attempt('instantiate protocol', lambda: Closable())
attempt('runtime_checkable on class', lambda: runtime_checkable(File))
print(Closable._is_protocol, HasSize._is_protocol, Closable._is_runtime_protocol)


class Square(HasSize):
    def __init__(self, side):
        self.size = side

    def area(self):
        return self.size ** 2


print(Square(3).area(), isinstance(Square(2), Square))


@runtime_checkable
class SupportsClose2(Protocol[T]):
    def close(self) -> T:
        ...


print(SupportsClose2[int], isinstance(File(), SupportsClose2))
print(isinstance(3, typing.SupportsInt), isinstance('x', typing.SupportsInt),
      isinstance(2.5, typing.SupportsFloat), isinstance(-1, typing.SupportsAbs),
      isinstance(1.5, typing.SupportsRound), typing.SupportsAbs[int])

UserId = NewType('UserId', int)
print(UserId, UserId(5), UserId(5) + 1, type(UserId(5)).__name__,
      UserId.__supertype__, UserId.__name__, Optional[UserId])
Nested = NewType('Outer.Inner', str)
print(Nested, Nested.__name__, Nested.__qualname__)
try:
    class Sub(UserId):
        pass
except TypeError as e:
    print('TypeError', e)

P = ParamSpec('P')
print(P, P.args, P.kwargs, Callable[P, int], Callable[Concatenate[int, P], int],
      Callable[P, int][[str, bool]])


@overload
def double(x: int) -> int:
    ...


@overload
def double(x: str) -> str:
    ...


def double(x):
    return x * 2


print(double(2), double('ab'), len(get_overloads(double)))


@overload
def only_overload(x: int) -> int:
    ...


attempt('call overload', lambda: only_overload(1))
print(cast(int, 'not really'), cast('List[int]', 5), typing.assert_type(3, int))


@final
class Leaf:
    @final
    def method(self):
        pass


print(Leaf.__final__, Leaf.method.__final__)
attempt('assert_never', lambda: typing.assert_never('x' * 5))
print(typing.reveal_type(42))
