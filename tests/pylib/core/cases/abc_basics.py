# abc: abstract methods, instantiation errors, register, ABCMeta hooks.
import abc
from abc import ABC, ABCMeta, abstractmethod


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


class Shape(ABC):
    @abstractmethod
    def area(self):
        """Area of the shape."""

    @abstractmethod
    def perimeter(self):
        pass

    def describe(self):
        return '%s with area %s' % (type(self).__name__, self.area())


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side ** 2

    def perimeter(self):
        return 4 * self.side


class HalfDone(Shape):
    def area(self):
        return 0


print(sorted(Shape.__abstractmethods__), sorted(HalfDone.__abstractmethods__),
      Square.__abstractmethods__)
attempt('Shape()', lambda: Shape())
attempt('HalfDone()', lambda: HalfDone())
sq = Square(3)
print(sq.describe(), sq.perimeter(), isinstance(sq, Shape), type(Shape))
print(Shape.area.__isabstractmethod__, hasattr(Square.area, '__isabstractmethod__'))


# Abstract properties, classmethods and staticmethods.
class Base(metaclass=ABCMeta):
    @property
    @abstractmethod
    def name(self):
        ...

    @classmethod
    @abstractmethod
    def make(cls):
        ...

    @staticmethod
    @abstractmethod
    def helper():
        ...


print(sorted(Base.__abstractmethods__))
attempt('Base()', lambda: Base())


class Impl(Base):
    name = 'impl'

    @classmethod
    def make(cls):
        return cls()

    @staticmethod
    def helper():
        return 42


print(Impl.make().name, Impl.helper(), Impl.__abstractmethods__)


# Virtual subclasses.
class Drawable(ABC):
    @abstractmethod
    def draw(self):
        ...


class Circle:
    def draw(self):
        return 'circle'


print(issubclass(Circle, Drawable), isinstance(Circle(), Drawable))
Drawable.register(Circle)
print(issubclass(Circle, Drawable), isinstance(Circle(), Drawable),
      Drawable not in Circle.__mro__)


@Drawable.register
class Line:
    pass


print(Line.__name__, issubclass(Line, Drawable), isinstance(Line(), Drawable))
attempt('register non-class', lambda: Drawable.register(3))
attempt('register cycle', lambda: Circle and Drawable.register(Drawable))


class Sub(Drawable):
    def draw(self):
        return 'sub'


attempt('cycle', lambda: Sub.register(Drawable))
token = abc.get_cache_token()
Sub.register(int)
print(abc.get_cache_token() != token, issubclass(int, Drawable),
      isinstance(5, Sub), issubclass(bool, Drawable))


# __subclasshook__ drives duck typing.
class Closeable(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Closeable:
            return any('close' in B.__dict__ for B in C.__mro__)
        return NotImplemented


class File:
    def close(self):
        pass


class NotFile:
    pass


print(issubclass(File, Closeable), issubclass(NotFile, Closeable),
      isinstance(File(), Closeable))


# update_abstractmethods after adding methods.
class Later(ABC):
    @abstractmethod
    def run(self):
        ...


Later.run = lambda self: 'ran'
attempt('before update', lambda: Later())
abc.update_abstractmethods(Later)
print(Later().run(), Later.__abstractmethods__)
print(abc.update_abstractmethods(int) is int)


# A custom metaclass deriving from ABCMeta.
class Registry(ABCMeta):
    classes = []

    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, ns, **kw)
        Registry.classes.append(name)
        return cls


class Plugin(metaclass=Registry):
    @abstractmethod
    def run(self):
        ...


class Good(Plugin):
    def run(self):
        return 'good'


print(Registry.classes, Good().run(), isinstance(Good(), Plugin))
attempt('Plugin()', lambda: Plugin())
attempt('issubclass non-class', lambda: issubclass(1, Plugin))


# Deprecated helpers still work.
class Old(ABC):
    @abc.abstractproperty
    def p(self):
        ...

    @abc.abstractclassmethod
    def c(cls):
        ...

    @abc.abstractstaticmethod
    def s():
        ...


print(sorted(Old.__abstractmethods__))


class ManyAbstract(ABC):
    @abstractmethod
    def zeta(self): ...
    @abstractmethod
    def alpha(self): ...
    @abstractmethod
    def mid(self): ...


attempt('three', lambda: ManyAbstract())
