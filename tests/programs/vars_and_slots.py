class P:
    __slots__ = ("x", "y")
    def __init__(self):
        self.x = 1
p = P()
print(p.x)
try:
    p.y
except AttributeError as e:
    print("AE", e)
try:
    p.z = 3
except AttributeError as e:
    print("AE", e)
try:
    print(p.__dict__)
except AttributeError as e:
    print("AE", e)
try:
    vars(p)
except TypeError as e:
    print("TE", e)
class Q(P):
    pass
q = Q()
q.x = 5
q.w = 6
print(vars(q), q.x, q.__dict__)
class R(P):
    __slots__ = ("z", "__dict__")
r = R(); r.z = 1; r.x = 2; r.k = 3
print(vars(r))
try:
    class D:
        __slots__ = ("a",)
        a = 1
except ValueError as e:
    print("VE", e)
class W:
    __slots__ = ("__weakref__", "v")

w = W()
print(W.__slots__, hasattr(w, "__dict__"))
print(P.x, type(P.x).__name__, P.__slots__)
del p.x
try:
    del p.x
except AttributeError as e:
    print("AE", e)
def f():
    a = 1; b = 2
    return vars()
print(f())
print(sorted(k for k in vars() if not k.startswith("__"))[:5])
import math
print(vars(math)["pi"], type(vars(P)).__name__, vars(P)["__slots__"])
class S:
    __slots__ = ()
try:
    S().q = 1
except AttributeError as e:
    print("AE", e)


# vars() in a class body, in a closure, in a comprehension; locals().
class Body:
    a = 1
    b = a + 1
    names = sorted(k for k in vars() if not k.startswith("__"))
print(Body.names)


def outer(x, y=2):
    z = x + y

    def inner():
        return x + z, sorted(vars())
    return inner(), sorted(locals())
print(outer(1))
print(sorted(vars(Body).keys() - {"__dict__", "__weakref__", "__doc__", "__module__", "__qualname__"}))


# Slots with inheritance: each class's own slots, a subclass's __dict__.
class Base:
    __slots__ = ("a",)

class Child(Base):
    __slots__ = ("b",)

class Open(Child):
    def __init__(self):
        self.a, self.b, self.c = 1, 2, 3
c = Child()
c.a, c.b = 10, 20
print(c.a, c.b, hasattr(c, "__dict__"), Child.__slots__)
o = Open()
print(vars(o), o.a, o.b, sorted(k for k in dir(o) if not k.startswith("__")))
try:
    Child().b
except AttributeError as e:
    print("AE", e)


# functools.partial keeps func/args/keywords out of __dict__, so LambdaLR's
# state_dict matches PyTorch's.
import functools
import torch

def f(epoch, k=1):
    return 0.9 ** (epoch * k)
w = torch.nn.Parameter(torch.ones(2))
opt = torch.optim.SGD([w], lr=0.1)
sched = torch.optim.lr_scheduler.LambdaLR(opt, functools.partial(f, k=2))
print(sched.state_dict())
p = functools.partial(f, k=2)
print(vars(p), p.func is f, p.args, p.keywords)
p.extra = 1
print(vars(p), functools.partial(p, 3).args)
q = functools.partial(functools.partial(f, 1), k=3)
print(q.func is f, q.args, q.keywords, q())
for _ in range(2):
    opt.step()
    sched.step()
print(sched.get_last_lr(), sched.state_dict()["lr_lambdas"])
