# Attribute reads and method calls whose answer changes inside a hot loop:
# the interpreter's per-call-site caches must notice every change (class
# attribute assignment, a base's method replaced, __class__ assignment, an
# instance attribute shadowing a method, descriptors added and removed,
# __getattr__/__getattribute__ added to a class).


class Base:
    scale = 1

    def get(self):
        return "Base.get"

    def value(self, x):
        return x * self.scale


class Child(Base):
    pass


class Other(Base):
    def get(self):
        return "Other.get"


def run(objs, steps, mutate):
    seen = []
    for i in range(steps):
        mutate(i)
        for o in objs:
            seen.append((o.get(), o.value(2), o.scale))
    return seen


c = Child()
o = Other()


def mutate_class(i):
    if i == 2:
        Base.scale = 10          # class attribute through the base
    if i == 4:
        Child.scale = 100        # shadowed in the subclass
    if i == 6:
        del Child.scale          # back to the base's
    if i == 8:
        Base.get = lambda self: "patched Base.get"   # base's method replaced
    if i == 10:
        Child.get = lambda self: "Child.get"
    if i == 12:
        del Child.get


for row in run([c, o], 14, mutate_class):
    print(row)


# The same changes where each site only ever sees one class (a site that
# sees several classes refills anyway).
class Base2:
    scale = 1

    def get(self):
        return "Base2.get"

    def value(self, x):
        return x * self.scale


class Child2(Base2):
    pass


def run_one(obj, steps, mutate):
    seen = []
    for i in range(steps):
        mutate(i)
        seen.append((obj.get(), obj.value(2), obj.scale))
    return seen


def mutate_class2(i):
    if i == 2:
        Base2.scale = 10
    if i == 4:
        Child2.scale = 100
    if i == 6:
        del Child2.scale
    if i == 8:
        Base2.get = lambda self: "patched Base2.get"
    if i == 10:
        Child2.get = lambda self: "Child2.get"
    if i == 12:
        del Child2.get


for row in run_one(Child2(), 14, mutate_class2):
    print(row)


# Monkeypatching an instance: its __dict__ shadows the class's method.
class Counter:
    def __init__(self):
        self.n = 0

    def bump(self, k):
        self.n += k
        return self.n


k = Counter()
out = []
for i in range(8):
    if i == 3:
        k.bump = lambda j: "instance bump %d" % j
    if i == 5:
        del k.bump
    out.append(k.bump(i))
print(out)


# __class__ assignment inside the loop.
class A:
    def who(self):
        return "A"

    tag = "a"


class B:
    def who(self):
        return "B"

    tag = "b"


x = A()
out = []
for i in range(6):
    if i == 2:
        x.__class__ = B
    if i == 4:
        x.__class__ = A
    out.append((x.who(), x.tag))
print(out)


# Descriptors appear and disappear: a data descriptor (property) beats the
# instance dict, a non-data one does not.
class P:
    def __init__(self):
        self.v = "instance v"


p = P()
out = []
for i in range(8):
    if i == 2:
        P.v = property(lambda self: "property v")
    if i == 4:
        P.v = staticmethod(lambda: "static")   # non-data: the instance dict wins
    if i == 6:
        del P.v
    out.append(p.v)
print(out)


# A setter property added after `self.x = ...` sites ran.
class Q:
    def __init__(self):
        self.x = 0


q = Q()
store = []
for i in range(6):
    if i == 3:
        Q.x = property(lambda self: store[-1] if store else None, lambda self, v: store.append(("set", v)))
    q.x = i
    out = q.x
print(store, out)


# __getattr__ and __getattribute__ added to the class after the caches filled.
class G:
    def __init__(self):
        self.a = 1

    def m(self):
        return "m"


g = G()
out = []
for i in range(8):
    if i == 2:
        G.__getattr__ = lambda self, name: "fallback " + name
    if i == 4:
        G.__getattribute__ = lambda self, name: "intercepted " + name
    if i == 6:
        del G.__getattribute__
    out.append((g.a, g.missing if i >= 2 else None))
    out.append(g.m() if i not in (4, 5) else g.m)
print(out)


# A metaclass attribute read through the class, and a class attribute read
# through the class object itself.
class Meta(type):
    kind = "meta"


class WithMeta(metaclass=Meta):
    pass


out = []
for i in range(5):
    if i == 2:
        Meta.kind = "meta changed"
    if i == 3:
        WithMeta.kind = "class's own"
    out.append(WithMeta.kind)
print(out)


# __slots__: the member descriptor, and a method reached through a slotted
# instance, with the class changed under it.
class S:
    __slots__ = ("a",)

    def __init__(self):
        self.a = 5

    def get(self):
        return self.a


s = S()
out = []
for i in range(5):
    if i == 3:
        S.get = lambda self: self.a * 2
    out.append(s.get())
    s.a += 1
print(out)


# Method calls through a module-like hierarchy with super(), a method
# replaced on the middle class mid-loop.
class Module:
    def __call__(self, x):
        return self.forward(x)


class Lin(Module):
    def __init__(self, k):
        self.k = k

    def forward(self, x):
        return x * self.k


class Lin2(Lin):
    def forward(self, x):
        return super().forward(x) + 1


net = Lin2(3)
out = []
for i in range(6):
    if i == 3:
        Lin.forward = lambda self, x: x - self.k
    out.append(net(i))
print(out)
