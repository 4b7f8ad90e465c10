# __del__ as CPython 3.11 runs it (PEP 442): when the last reference goes,
# when the cycle collector finds the object in garbage, once per object even
# if it resurrects itself, and for the globals left at exit.
import gc

log = []


class Named:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("del", self.name)


a = Named("a")
del a
print("after del a")

b = Named("b")
b = Named("b2")
print("after rebinding b")


def make_and_drop():
    local = Named("local")
    print("in function")


make_and_drop()
print("after function")

items = [Named("i0"), Named("i1"), Named("i2")]
items = None
print("after list")


class Cyclic(Named):
    def __init__(self, name):
        super().__init__(name)
        self.me = self


c = Cyclic("cycle")
del c
print("before collect")
print("collected", gc.collect())
print("after collect")

saved = []


class Phoenix:
    count = 0

    def __del__(self):
        Phoenix.count += 1
        print("phoenix del", Phoenix.count)
        saved.append(self)


p = Phoenix()
del p
print("resurrected", len(saved), type(saved[0]).__name__)
saved.clear()
print("cleared again, del ran", Phoenix.count, "time(s)")


class Pair(Named):
    pass


x = Pair("x")
y = Pair("y")
x.other = y
y.other = x
del x, y
print("pair collected", gc.collect())


class Broken:
    def __del__(self):
        print("broken del runs")
        raise ValueError("ignored")


Broken()
print("after broken")


class Inherits(Named):
    pass


Inherits("inherited")
print("after inherited")
g = gc.collect()
print("nothing left", g)

keep1 = Named("global1")
_private = Named("_private")
keep2 = Named("global2")
print("end of program")
