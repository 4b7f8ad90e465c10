# dataclasses: generated methods, defaults, errors, frozen and ordering.
import dataclasses
from dataclasses import dataclass, field, FrozenInstanceError
from typing import List, Optional, ClassVar


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


@dataclass
class Point:
    x: int
    y: int = 0


p = Point(1, 2)
print(p, Point(3), Point(y=5, x=4), p == Point(1, 2), p != Point(2, 1),
      p.x, p.y, Point.y, Point.__doc__, Point.__match_args__)
print(Point.__init__.__qualname__, Point.__repr__.__qualname__,
      Point.__eq__.__name__, Point.__hash__, Point.__dataclass_params__)
attempt('missing', lambda: Point())
attempt('too many', lambda: Point(1, 2, 3))
attempt('unknown kw', lambda: Point(1, z=3))
attempt('duplicate', lambda: Point(1, x=2))
attempt('hash', lambda: hash(p))
attempt('order', lambda: p < Point(2, 2))
print(p == (1, 2), Point(1, 2).__eq__((1, 2)))


@dataclass
class Inventory:
    name: str
    unit_price: float
    quantity: int = 0
    tags: List[str] = field(default_factory=list)
    note: str = field(default='', repr=False)
    internal: int = field(default=0, compare=False)
    registry: ClassVar[int] = 10

    def total(self) -> float:
        return self.unit_price * self.quantity


a = Inventory('widget', 2.5, 4)
b = Inventory('widget', 2.5, 4, internal=99)
a.tags.append('new')
print(a, a.total(), a == b, Inventory('x', 1).tags is Inventory('y', 1).tags,
      Inventory.registry, 'registry' in Inventory.__dataclass_fields__,
      [f.name for f in dataclasses.fields(a)], Inventory.__doc__)
print(hasattr(Inventory, 'tags'), Inventory.note, Inventory.quantity)


@dataclass(order=True, frozen=True)
class Version:
    major: int
    minor: int = 0
    label: str = field(default='', compare=False)


v1, v2 = Version(1, 2), Version(1, 10, 'beta')
print(v1 < v2, v1 <= v2, v2 > v1, v1 >= v1, sorted([v2, v1, Version(0)]),
      hash(v1) == hash((1, 2)), {v1: 'a'}[Version(1, 2, 'x')], max(v1, v2))
attempt('frozen set', lambda: setattr(v1, 'major', 5))
attempt('frozen new attr', lambda: setattr(v1, 'other', 5))
attempt('frozen del', lambda: delattr(v1, 'minor'))
attempt('compare other type', lambda: v1 < (1, 2))
print(issubclass(FrozenInstanceError, AttributeError))


@dataclass
class Rect:
    width: float
    height: float
    area: float = field(init=False)
    history: list = field(init=False, default_factory=list)

    def __post_init__(self):
        self.area = self.width * self.height
        self.history.append('created')


r = Rect(2, 3)
print(r, r.area, r.history, Rect.__doc__)
attempt('init=False param', lambda: Rect(1, 2, 3))


@dataclass
class Node:
    value: int
    children: List['Node'] = field(default_factory=list)
    parent: Optional['Node'] = field(default=None, repr=False)


root = Node(1)
child = Node(2, parent=root)
root.children.append(child)
print(root, Node.__doc__)
loop = Node(0)
loop.children.append(loop)
print(loop)

try:
    @dataclass
    class BadOrder:
        a: int = 1
        b: int
except TypeError as e:
    print('TypeError', e)
try:
    @dataclass
    class Mutable:
        items: list = []
except ValueError as e:
    print('ValueError', e)
try:
    @dataclass
    class NoAnnotation:
        x = field(default=1)
except TypeError as e:
    print('TypeError', e)
attempt('both defaults', lambda: field(default=1, default_factory=list))
attempt('order without eq', lambda: dataclass(order=True, eq=False)(type('Q', (), {})))
try:
    @dataclass(order=True)
    class HasLt:
        x: int

        def __lt__(self, other):
            return True
except TypeError as e:
    print('TypeError', e)
try:
    @dataclass(unsafe_hash=True)
    class HasHash:
        x: int

        def __hash__(self):
            return 1
except TypeError as e:
    print('TypeError', e)


@dataclass(repr=False, eq=False)
class Bare:
    x: int


print(Bare(1) == Bare(1), 'object at' in repr(Bare(1)), Bare.__hash__ is object.__hash__)


@dataclass(unsafe_hash=True)
class Hashable:
    x: int
    y: list = field(default_factory=list, hash=False)


print(hash(Hashable(3)) == hash((3,)), Hashable(3) == Hashable(3))


@dataclass
class Custom:
    x: int

    def __repr__(self):
        return 'custom!'

    def __eq__(self, other):
        return True


print(Custom(1), Custom(1) == 5, Custom.__hash__)


@dataclass
class WithSelf:
    self: int
    other: int = 2


print(WithSelf(1), WithSelf(self=3, other=4))
attempt('self missing', lambda: WithSelf())


@dataclass()
class Empty:
    pass


print(Empty(), Empty() == Empty(), Empty.__doc__, dataclasses.fields(Empty))
attempt('Empty(1)', lambda: Empty(1))
print(dataclasses.is_dataclass(Point), dataclasses.is_dataclass(p),
      dataclasses.is_dataclass(1), dataclasses.is_dataclass(Point) and not isinstance(Point, type))
