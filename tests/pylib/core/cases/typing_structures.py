# typing: NamedTuple, TypedDict, get_type_hints, forward references.
from __future__ import annotations
import typing
from typing import (NamedTuple, TypedDict, Optional, List, Dict, ClassVar,
                    get_type_hints, Annotated, ForwardRef, Union)


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


class Employee(NamedTuple):
    """An employee record."""
    name: str
    id: int = 3
    tags: List[str] = []

    def describe(self) -> str:
        return '%s #%d' % (self.name, self.id)


e = Employee('Guido')
print(e, e.describe(), e.name, e[1], Employee._fields, Employee._field_defaults,
      Employee.__annotations__, Employee.__doc__, Employee.__name__,
      Employee.__module__, isinstance(e, tuple), e._replace(id=7), e._asdict())
attempt('missing', lambda: Employee())
attempt('extra', lambda: Employee('a', 1, [], 4))
try:
    class Bad(NamedTuple):
        x: int = 1
        y: int
except TypeError as err:
    print('TypeError', err)
try:
    class Bad2(NamedTuple):
        x: int

        def _asdict(self):
            return {}
except AttributeError as err:
    print('AttributeError', err)
Point = NamedTuple('Point', [('x', int), ('y', int)])
Point3 = NamedTuple('Point3', x=int, y=int, z=int)
print(Point(1, 2), Point3(1, 2, 3), Point.__annotations__, Point.__module__)
attempt('both forms', lambda: NamedTuple('P', [('x', int)], y=int))


class Movie(TypedDict):
    title: str
    year: int


class PartialMovie(TypedDict, total=False):
    rating: float


class FullMovie(Movie, PartialMovie):
    director: str


m = Movie(title='Blade Runner', year=1982)
print(m, type(m), Movie.__annotations__, sorted(Movie.__required_keys__),
      sorted(PartialMovie.__optional_keys__), Movie.__total__,
      PartialMovie.__total__, sorted(FullMovie.__required_keys__),
      sorted(FullMovie.__optional_keys__), typing.is_typeddict(Movie),
      typing.is_typeddict(dict))
attempt('isinstance TypedDict', lambda: isinstance(m, Movie))
Alt = TypedDict('Alt', {'a': int, 'b': str})
print(Alt(a=1, b='x'), Alt.__annotations__, Alt.__module__)
try:
    class Mixed(TypedDict, int):
        pass
except TypeError as err:
    print('TypeError', err)


class Tree:
    left: Optional[Tree]
    right: Optional[Tree]
    value: int
    count: ClassVar[int] = 0
    weights: Dict[str, List[float]]


print(Tree.__annotations__)
print(get_type_hints(Tree))


class Leaf(Tree):
    label: Annotated[str, 'doc']


print(get_type_hints(Leaf))
print(get_type_hints(Leaf, include_extras=True)['label'])


def scale(v: List[float], factor: float = 1.0, unit: 'Optional[str]' = None) -> List[float]:
    return [x * factor for x in v]


print(scale.__annotations__, get_type_hints(scale))


def no_hints(a, b):
    pass


print(get_type_hints(no_hints))


def uses_missing(x: Undefined) -> None:
    pass


attempt('undefined name', lambda: get_type_hints(uses_missing))


def union_syntax(x: int | None, y: list[int] | dict[str, int]) -> None:
    pass


print(get_type_hints(union_syntax) if hasattr(int, '__or__') and False else '')
print(ForwardRef('Tree'), ForwardRef('Tree') == ForwardRef('Tree'),
      Optional['Tree'], List['int'].__args__[0].__forward_arg__)
print(typing.get_type_hints(Employee), typing.get_type_hints(Movie))


@typing.no_type_check
def unchecked(x: 'not a type!'):
    pass


print(get_type_hints(unchecked), unchecked.__no_type_check__)
