# namedtuple: construction, defaults, rename, helpers, errors.
from collections import namedtuple


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


Point = namedtuple('Point', ['x', 'y'])
p = Point(11, y=22)
print(p, p.x, p.y, p[0], p[1], len(p), tuple(p))
print(p == (11, 22), p + (1,), p * 2, isinstance(p, tuple))
x, y = p
print(x + y, sum(p), max(p), p.index(22), p.count(11))
print(Point._fields, Point._field_defaults, Point.__doc__)
print(Point.x.__doc__, Point.y.__doc__)
print(Point, Point.__name__, Point.__qualname__, Point.__module__)
print(Point.__new__.__qualname__, Point._make.__qualname__)
print(Point._make([3, 4]), Point._make(range(2)))
print(p._replace(x=100), p._asdict(), p.__getnewargs__())
print(Point.__match_args__, hash(p) == hash((11, 22)))
print(repr(Point(x='a', y=[1])))

attempt('missing', lambda: Point(1))
attempt('missing both', lambda: Point())
attempt('too many', lambda: Point(1, 2, 3))
attempt('unexpected kw', lambda: Point(1, 2, z=3))
attempt('duplicate', lambda: Point(1, x=2))
attempt('_cls kw', lambda: Point(1, 2, _cls=3))
attempt('_make short', lambda: Point._make([1]))
attempt('_make long', lambda: Point._make([1, 2, 3]))
attempt('_replace bad', lambda: p._replace(z=1, w=2))
attempt('set field', lambda: setattr(p, 'x', 5))
attempt('set other', lambda: setattr(p, 'z', 5))
attempt('del field', lambda: delattr(p, 'x'))

# Field names as one string, with commas, and defaults.
Color = namedtuple('Color', 'red, green blue', defaults=[0, 255])
print(Color(1), Color(1, 2), Color(1, 2, 3), Color._field_defaults)
attempt('too many with defaults', lambda: Color(1, 2, 3, 4))
attempt('missing with defaults', lambda: Color())
Empty = namedtuple('Empty', '')
print(Empty(), Empty._fields, len(Empty()))
attempt('Empty(1)', lambda: Empty(1))
One = namedtuple('One', 'only', defaults=(None,))
print(One(), One(only=3))

# Rename replaces bad names with _index.
Renamed = namedtuple('Renamed', ['abc', 'def', 'ghi', 'abc', '_x', '9'],
                     rename=True)
print(Renamed._fields)

# Validation errors.
attempt('bad type name', lambda: namedtuple('1Point', 'x'))
attempt('keyword field', lambda: namedtuple('P', 'x class'))
attempt('underscore', lambda: namedtuple('P', 'x _y'))
attempt('duplicate field', lambda: namedtuple('P', 'x y x'))
attempt('bad identifier', lambda: namedtuple('P', 'x y-z'))
attempt('too many defaults', lambda: namedtuple('P', 'x', defaults=[1, 2]))
attempt('keyword typename', lambda: namedtuple('def', 'x'))

# module= and subclassing, a common pattern.
Mod = namedtuple('Mod', 'a', module='somewhere')
print(Mod, Mod.__module__)


class Vector(namedtuple('Vector', 'x y')):
    def __abs__(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

    def __add__(self, other):
        return Vector(self.x + other.x, self.y + other.y)


v = Vector(3, 4)
print(v, abs(v), v + Vector(1, 1), type(v + v).__name__)
v.tag = 'subclasses have a __dict__'
print(v.tag)
attempt('subclass field set', lambda: setattr(v, 'x', 1))
print(sorted([Point(2, 1), Point(1, 5), Point(1, 2)]))
print({Point(1, 2): 'a'}[(1, 2)])
print([pt.x for pt in map(Point._make, [(1, 2), (3, 4)])])
