# Reference cycles are found and reclaimed by gc.collect(), which returns
# how many unreachable objects it found; what is still reachable survives
# intact. The automatic collector is off so the counts are exact.
import gc

gc.collect()
gc.disable()


class A:
    pass


class WithMethod:
    def method(self):
        return self


x = []
x.append(x)
del x
print("list cycle", gc.collect())

d = {}
d["self"] = d
del d
print("dict cycle", gc.collect())

a = A()
a.me = a
del a
print("instance cycle", gc.collect())

a = A()
b = A()
a.other = b
b.other = a
del a, b
print("two instances", gc.collect())

s = A()
s.d = {"s": s}
del s
print("instance and dict", gc.collect())

w = WithMethod()
w.callback = w.method
del w
print("bound method of itself", gc.collect())

l = [1]
t = (l,)
l.append(t)
del l, t
print("through a tuple", gc.collect())


def outer():
    def f():
        return f
    return f


f = outer()
del f
print("closure referring to itself", gc.collect())
print("nothing left", gc.collect())

# Reachable cycles survive, contents intact.
keep = A()
keep.items = [keep, "payload", {"k": keep}]
keep.items.append(keep.items)
print("reachable", gc.collect(), keep.items[1], keep.items[0] is keep, keep.items[3] is keep.items,
      keep.items[2]["k"] is keep)


# A generator suspended in a cycle is closed (its finally block runs)
# before the cycle is cleared.
log = []


def suspended(holder):
    try:
        yield 1
    finally:
        log.append("finally ran")


holder = []
g = suspended(holder)
holder.append(g)
next(g)
del holder, g
print("generator", gc.collect(), log)

# Its finally block may store the garbage somewhere: it is resurrected.
saved = []


def resurrecting(holder):
    try:
        yield 1
    finally:
        saved.append(holder)


h = [1, 2]
g = resurrecting(h)
h.append(g)
next(g)
del h, g
print("resurrected", gc.collect(), saved[0][:2], type(saved[0][2]).__name__)

# Automatic collection: thresholds crossed by allocations.
gc.enable()
gc.set_threshold(100, 10, 10)
for i in range(20000):
    c = []
    c.append(c)
del c
gc.set_threshold(700, 10, 10)
print("after the loop", gc.collect() < 200)
