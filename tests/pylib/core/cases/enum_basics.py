# enum: defining, looking up, iterating and printing Enum members.
import enum
from enum import Enum, IntEnum, StrEnum, auto, unique


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1        # an alias of RED

    def describe(self):
        return '%s is #%d' % (self.name.lower(), self.value)

    @property
    def is_warm(self):
        return self in (Color.RED,)

    @classmethod
    def default(cls):
        return cls.GREEN


print(Color.RED, repr(Color.RED), str(Color.BLUE), f'{Color.GREEN}',
      f'[{Color.RED:>12}]', format(Color.RED), '%s' % Color.RED)
print(Color.RED.name, Color.RED.value, Color.CRIMSON, Color.CRIMSON is Color.RED,
      Color.RED._name_, Color.RED._value_)
print(list(Color), len(Color), list(reversed(Color)))
print(Color.__members__)
print(list(Color.__members__), type(Color.__members__).__name__)
print(Color(2), Color['BLUE'], Color(1) is Color.RED, Color['CRIMSON'],
      getattr(Color, 'GREEN'), Color.RED in Color, Color.default())
print(Color.RED.describe(), Color.RED.is_warm, Color.BLUE.is_warm)
print(Color, type(Color), type(Color.RED), isinstance(Color.RED, Color),
      Color.__name__, Color.RED.__class__.__name__, bool(Color))
print(Color.RED == Color.RED, Color.RED == 1, Color.RED != Color.BLUE,
      Color.RED is Color.CRIMSON, hash(Color.RED) == hash('RED'))
print({Color.RED: 'r', Color.BLUE: 'b'}[Color.CRIMSON], sorted(Color, key=lambda c: c.value))
print([c.name for c in Color], {c.name: c.value for c in Color})
attempt('bad value', lambda: Color(4))
attempt('bad value str', lambda: Color('red'))
attempt('bad name', lambda: Color['PURPLE'])
attempt('missing attribute', lambda: Color.PURPLE)
attempt('ordering', lambda: Color.RED < Color.BLUE)
attempt('reassign', lambda: setattr(Color, 'RED', 5))
attempt('delete', lambda: delattr(Color, 'RED'))
attempt('set name', lambda: setattr(Color.RED, 'name', 'x'))
attempt('set value', lambda: setattr(Color.RED, 'value', 9))
attempt('call class', lambda: Color())
Color.RED.note = 'members can carry attributes'
print(Color.RED.note, Color.CRIMSON.note)
print(unique(Enum('Single', 'A')).A)
attempt('unique', lambda: unique(Color))


class Ordinal(IntEnum):
    FIRST = 1
    SECOND = 2
    THIRD = 3


print(Ordinal.FIRST, repr(Ordinal.SECOND), f'{Ordinal.THIRD}', str(Ordinal.FIRST),
      format(Ordinal.SECOND, '03d'), Ordinal.FIRST + 1, Ordinal.SECOND * 10,
      Ordinal.FIRST == 1, Ordinal.FIRST < Ordinal.THIRD, Ordinal(2), Ordinal['THIRD'],
      sorted([Ordinal.THIRD, 1, Ordinal.SECOND]), [10, 20, 30][Ordinal.SECOND],
      int(Ordinal.THIRD), isinstance(Ordinal.FIRST, int), Ordinal.FIRST.real,
      hash(Ordinal.SECOND) == hash(2), {1: 'one'}[Ordinal.FIRST])


class Mood(StrEnum):
    HAPPY = auto()
    SAD = 'sad!'


print(Mood.HAPPY, repr(Mood.HAPPY), Mood.SAD, f'{Mood.SAD}', Mood.HAPPY == 'happy',
      Mood.HAPPY.upper(), Mood('sad!'), Mood.HAPPY + '-x', len(Mood.SAD))


class Numbered(Enum):
    ONE = auto()
    TWO = auto()
    TEN = 10
    ELEVEN = auto()
    TUPLE = (auto(), 'x')


print(list(Numbered), Numbered.TUPLE.value)


class Mixed(int, Enum):
    LOW = 1
    HIGH = 5


print(Mixed.LOW, repr(Mixed.HIGH), f'{Mixed.LOW}', Mixed.HIGH > 2, Mixed.LOW + 1)


class Empty(Enum):
    pass


print(list(Empty), len(Empty), Empty.__members__, Empty)


class Base(Enum):
    def hello(self):
        return 'hello from ' + self.name


class Child(Base):
    A = 'a'
    B = 'b'


print(Child.A.hello(), list(Child), isinstance(Child.B, Base), issubclass(Child, Base))
try:
    class Grandchild(Child):
        C = 'c'
except TypeError as e:
    print('TypeError', e)
try:
    class Reserved(Enum):
        _bad_ = 1
except ValueError as e:
    print('ValueError', e)
try:
    class BadMember(Enum):
        mro = 1
except ValueError as e:
    print('ValueError', e)


class Secret(Enum):
    _ignore_ = ['tmp']
    VISIBLE = 1
    tmp = 2
    __private = 3


print(list(Secret), hasattr(Secret, 'tmp'))


class WithName(Enum):
    name = 'n'
    value = 'v'
    other = 'o'


print(WithName.name, WithName.value, WithName.other.name, WithName.name.value,
      list(WithName))
print(Color.RED.GREEN, dir(Color))
print(dir(Color.RED))
print(enum.EnumMeta is enum.EnumType, Color.__class__.__name__)
