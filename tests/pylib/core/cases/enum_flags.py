# enum: Flag and IntFlag combinations, boundaries, iteration.
from enum import Flag, IntFlag, auto, STRICT, CONFORM, EJECT, KEEP, FlagBoundary
import enum


def attempt(label, action):
    try:
        print(label, '->', repr(action()))
    except Exception as e:
        print(label, '->', type(e).__name__, e)


class Perm(Flag):
    R = 4
    W = 2
    X = 1
    RWX = 7


rw = Perm.R | Perm.W
print(rw, repr(rw), Perm.RWX, repr(Perm.RWX), Perm(0), repr(Perm(0)))
print(list(rw), list(Perm), list(Perm.RWX), len(rw), len(Perm), bool(Perm(0)),
      bool(rw))
print(Perm.R in rw, Perm.X in rw, Perm.R | Perm.W | Perm.X is Perm.RWX,
      Perm(6) is rw, Perm(7), rw.name, rw.value, Perm(0).name)
print(Perm.R & Perm.W, Perm.RWX & Perm.W, rw ^ Perm.R, ~Perm.R, repr(~Perm.RWX),
      ~~Perm.R, Perm.__members__)
print(Perm(8), Perm(9), Perm(15))
attempt('in with int', lambda: 1 in Perm.R)
attempt('or with int', lambda: Perm.R | 1)
attempt('not int', lambda: Perm('r'))
print(Perm, repr(Perm), type(Perm.R).__mro__[1:])


class Color(Flag):
    RED = auto()
    GREEN = auto()
    BLUE = auto()
    YELLOW = RED | GREEN
    WHITE = RED | GREEN | BLUE


print(list(Color), Color.YELLOW, repr(Color.WHITE), Color.RED.value,
      Color.BLUE.value, list(Color.WHITE), Color(3) is Color.YELLOW,
      Color.__members__)


class Out(Flag):
    B = 2
    A = 1
    C = 4


print(list(Out), list(Out(7)), Out(3))


class Strict(Flag, boundary=STRICT):
    A = 1
    B = 2


attempt('strict', lambda: Strict(4))
attempt('strict big', lambda: Strict(9))
print(Strict(3))


class Eject(Flag, boundary=EJECT):
    A = 1
    B = 2


print(Eject(3), repr(Eject(7)), type(Eject(7)).__name__)


class Keep(Flag, boundary=KEEP):
    A = 1
    B = 2


print(repr(Keep(7)), repr(Keep(4)), repr(~Keep.A))


class Access(IntFlag):
    R = 4
    W = 2
    X = 1


print(Access.R | Access.W, repr(Access.R | Access.W), Access(8), repr(Access(8)),
      repr(Access(9)), Access.R | 8, repr(Access.R | 8), ~Access.R,
      repr(~Access.R), Access.R + 1, str(Access.R), f'{Access.W}', repr(Access(0)),
      Access.R == 4, isinstance(Access.X, int), Access.R & 4, repr(Access.R & 4),
      1 | Access.W, repr(Access.W ^ 3), list(Access.R | Access.X))
print(FlagBoundary.STRICT, repr(KEEP), list(FlagBoundary), Perm._boundary_,
      Access._boundary_, enum.show_flag_values(13), enum.bin(5), enum.bin(-3),
      enum.bin(10, 8))
print(enum.bin(-16), enum.bin(-1), enum.bin(0), enum.bin(255, 4))
attempt('strict negative', lambda: Strict(-16))
print([repr(Keep(v)) for v in (-1, -3, 5)], [repr(Access(v)) for v in (-1, -8)])
