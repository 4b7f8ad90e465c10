# Assigning __bases__ (CPython's checks, MROs of subclasses recomputed, slots
# and caches refreshed), type.mro(), type.__subclasses__(), and the MRO
# conflict message.
class A:
    def who(self): return "A"
    def __add__(self, o): return "A.add"
class B:
    def who(self): return "B"
    def __len__(self): return 7
class C(A): pass
class D(C): pass
d = D()
print(d.who(), D.__mro__, d + d)
C.__bases__ = (B,)
print(d.who(), C.__bases__, [k.__name__ for k in D.__mro__], len(d), isinstance(d, A), isinstance(d, B), issubclass(D, B))
try:
    d + d
except TypeError as e:
    print(e)
print(sorted(k.__name__ for k in B.__subclasses__()), A.__subclasses__())
C.__bases__ = (A, B)
print([k.__name__ for k in D.__mro__], d + d, len(d))
for bad in [[A], (), (1,), (D,), (C,), (A, A)]:
    try:
        C.__bases__ = bad
    except TypeError as e:
        print(type(e).__name__, e)
class L(list): pass
class M: pass
def show_type_error(action):
    try:
        action()
    except TypeError as e:
        print(e)
show_type_error(lambda: setattr(M, "__bases__", (list,)))
show_type_error(lambda: setattr(L, "__bases__", (M,)))
show_type_error(lambda: delattr(C, "__bases__"))
show_type_error(lambda: setattr(int, "__bases__", (object,)))
class X: pass
class Y(X): pass
class Z(X, A): pass
try:
    X.__bases__ = (Z,)
except TypeError as e:
    print(e)
print([k.__name__ for k in Z.__mro__])
class P: pass
class Q: pass
class R(P): pass
class T(Q, R): pass
try:
    R.__bases__ = (P, Q)
except TypeError as e:
    print(e)
print(R.__bases__, [k.__name__ for k in T.__mro__], [k.__name__ for k in Q.__subclasses__()])
class S1:
    __slots__ = ("a",)
class S2:
    __slots__ = ("b",)
class S3(S1): pass
try:
    S3.__bases__ = (S2,)
except TypeError as e:
    print(e)

print(int.mro(), type.mro(bool))
class A2: pass
class B2(A2): pass
class C2(A2): pass
print(A2.__subclasses__(), A2.mro(), B2.mro())
try:
    A2.mro(1)
except TypeError as e:
    print(e)
try:
    A2.__subclasses__(1)
except TypeError as e:
    print(e)
print(len(object.__subclasses__()) > 3, bool.__subclasses__())

class P3: pass
class Q3(P3): pass
try:
    class R3(P3, Q3): pass
except TypeError as e:
    print(repr(str(e)))

# One call site before and after the bases change (its caches must see it).
class Left:
    def side(self): return "left"
class Right:
    def side(self): return "right"
class Mid(Left): pass
m = Mid()
seen = []
for bases in [(Left,), (Right,), (Left,), (Right, Left)]:
    Mid.__bases__ = bases
    seen.append(m.side() + str(len(Mid.__mro__)))
print(seen)
