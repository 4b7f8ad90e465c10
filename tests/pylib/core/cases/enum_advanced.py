# enum: functional API, custom __new__/__init__, _missing_, hooks.
import copy
import enum
from enum import Enum, IntEnum, auto, member, nonmember


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


Animal = Enum('Animal', 'ANT BEE CAT')
print(list(Animal), Animal.ANT.value, Animal, Animal.__module__,
      Animal.__qualname__)
print(list(Enum('Pairs', [('X', 5), ('Y', 6)])), list(Enum('Map', {'P': 'p'})),
      list(Enum('Started', ['M', 'N'], start=10)), list(Enum('Commas', 'a,b, c')))
Level = IntEnum('Level', 'LOW HIGH')
print(list(Level), Level.HIGH + 1, Level.__module__)
Typed = Enum('Typed', 'ONE TWO', type=int)
print(Typed.ONE + Typed.TWO, type(Typed).__name__, Typed.__mro__[1].__name__)
Named = Enum('Named', 'Q', module='elsewhere', qualname='Outer.Named')
print(Named.__module__, Named.__qualname__, Named.Q)


class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    VENUS = (4.869e+24, 6.0518e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        return 6.67300E-11 * self.mass / (self.radius * self.radius)


print(Planet.EARTH.value, Planet.EARTH.mass, round(Planet.EARTH.surface_gravity, 3),
      repr(Planet.VENUS), Planet((3.303e+23, 2.4397e6)))


class AutoNumber(Enum):
    def __new__(cls, label):
        obj = object.__new__(cls)
        obj._value_ = len(cls.__members__) + 1
        obj.label = label
        return obj

    FIRST = 'first label'
    SECOND = 'second label'


print(list(AutoNumber), AutoNumber.SECOND.label, AutoNumber(2))


class Coordinate(bytes.__class__ if False else int, Enum):
    def __new__(cls, value, label):
        obj = int.__new__(cls, value)
        obj._value_ = value
        obj.label = label
        return obj

    PX = (0, 'P.X')
    PY = (1, 'P.Y')


print(Coordinate.PY, repr(Coordinate.PY), Coordinate.PY.label, Coordinate(1),
      Coordinate.PX + 5)


class Shape(Enum):
    SQUARE = 2
    CIRCLE = 3

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            return cls[value.upper()]
        return None


print(Shape('square'), Shape('Circle'))
attempt('missing None', lambda: Shape(7))
attempt('missing raises', lambda: Shape('triangle'))


class Wrong(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        return 'not a member'


attempt('missing bad type', lambda: Wrong(5))


class Lowered(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower() + str(count)

    NORTH = auto()
    SOUTH = auto()


print(list(Lowered))


class Ordered(Enum):
    _order_ = 'A B C'
    A = 1
    B = 2
    C = 3


print(list(Ordered))
try:
    class Misordered(Enum):
        _order_ = 'B A'
        A = 1
        B = 2
except TypeError as e:
    print('TypeError', e)


class Registry(Enum):
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        print('  subclass created:', cls.__name__)


class Sub(Registry):
    ONE = 1


class Options(Enum):
    A = member(lambda: 'callable member')
    B = nonmember(5)
    C = 3

    @enum.property
    def doubled(self):
        return self.value * 2 if isinstance(self.value, int) else None


print([o.name for o in Options], Options.B, Options.A.value(), Options.C.doubled)
print(copy.copy(Planet.EARTH) is Planet.EARTH, copy.deepcopy(Shape.CIRCLE) is Shape.CIRCLE,
      copy.deepcopy({'k': [Shape.SQUARE]})['k'][0] is Shape.SQUARE)


class Status(Enum):
    ACTIVE = 'active'
    INACTIVE = 'inactive'

    def __str__(self):
        return self.value.title()

    def __repr__(self):
        return 'Status(%r)' % self.value


print(Status.ACTIVE, repr(Status.INACTIVE), f'{Status.ACTIVE}', [Status.ACTIVE])


class Tuple(tuple, Enum):
    ORIGIN = (0, 0)
    UNIT = (1, 1)


print(Tuple.UNIT, repr(Tuple.UNIT), Tuple.UNIT[0], Tuple((0, 0)), len(Tuple.ORIGIN))


class Unhashable(Enum):
    A = [1, 2]
    B = [3]


print(Unhashable([3]), Unhashable.A.value, Unhashable._unhashable_values_)


class Weekday(IntEnum):
    MON = 1
    TUE = 2
    WED = 3

    @classmethod
    def from_name(cls, text):
        return cls[text[:3].upper()]

    def next(self):
        return Weekday((self.value % len(Weekday)) + 1)


print(Weekday.from_name('tuesday'), Weekday.WED.next(), Weekday.MON.next().next())
print(sum(Weekday), max(Weekday), sorted(Weekday, reverse=True))
attempt('mixin order', lambda: Enum('Bad', 'A', type=5))
try:
    class NotLast(Enum, int):
        A = 1
except TypeError as e:
    print('TypeError', e)


def status_message(status):
    if status is Status.ACTIVE:
        return 'on'
    return 'off'


print([status_message(s) for s in Status])
