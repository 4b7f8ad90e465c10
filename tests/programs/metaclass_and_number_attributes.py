# Class machinery the standard library leans on: a metaclass's __getattr__,
# a builtin's method stored under another dunder, dir() through __dir__,
# __module__ assignment, int/float attributes, module __dict__.
import sys


class Meta(type):
    def __getattr__(cls, name):
        raise AttributeError(name)

    def __dir__(cls):
        return ['zeta', 'alpha']


class Plain(metaclass=Meta):
    def __dir__(self):
        return ['y', 'b']


print(Plain.__name__, Plain.__qualname__, Plain.__module__)
try:
    Plain.missing
except AttributeError as e:
    print('AttributeError', e)
print(dir(Plain), dir(Plain()))


class Loud(int):
    def __repr__(self):
        return 'Loud!'


Loud.__str__ = int.__repr__
print(str(Loud(4)), repr(Loud(4)), '%s' % Loud(4), f'{Loud(4)}')

Meta.__module__ = 'elsewhere'
print(Meta, Meta.__module__)


class Small(int):
    pass


print(Small(3).real, Small(3).imag, Small(3).numerator, Small(3).denominator, True.real, type(True.real))
print((5).bit_length(), (-8).bit_length(), (255).bit_count(), (7).as_integer_ratio(), (3).conjugate())
print((2.5).as_integer_ratio(), (0.1).as_integer_ratio(), (3.0).is_integer(), (2.5).is_integer(), (1.5).real)

x_global = 42
main = sys.modules['__main__']
print(main.__dict__['x_global'], main.__dict__['__name__'], 'sys' in main.__dict__)
print(sys.__dict__['__name__'], 'modules' in sys.__dict__)
