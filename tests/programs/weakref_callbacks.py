# weakref.ref with callbacks, proxies and the weak containers, in the order
# CPython 3.11 calls callbacks and finalizers.
import gc
import weakref


class Obj:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "Obj(%s)" % self.name

    def method(self):
        return "method of " + self.name


o = Obj("o")
r = weakref.ref(o)
print(r() is o, weakref.getweakrefcount(o))
print(weakref.ref(o) is r)
r2 = weakref.ref(o, lambda w: print("callback 1, dead:", w() is None))
r3 = weakref.ref(o, lambda w: print("callback 2, same ref:", w is r3))
print(weakref.getweakrefcount(o), r2 is not r, r2 == r, hash(r) == hash(o))
print(type(r).__name__, isinstance(r, weakref.ref), r.__callback__ is None)
del o
print("after del o:", r(), r2())

p = Obj("p")
px = weakref.proxy(p)
print(px.name, px.method(), repr(px.name))
px.name = "renamed"
print(p.name)
del p
try:
    px.name
except ReferenceError as e:
    print("ReferenceError:", e)
del px

try:
    weakref.ref([1, 2])
except TypeError as e:
    print("TypeError:", e)
try:
    weakref.ref(3)
except TypeError as e:
    print("TypeError:", e)

wvd = weakref.WeakValueDictionary()
k1, k2 = Obj("v1"), Obj("v2")
wvd["a"] = k1
wvd["b"] = k2
print(sorted(wvd.keys()), len(wvd), "a" in wvd)
del k1
print(sorted(wvd.keys()), len(wvd), "a" in wvd, wvd.get("a"))

wkd = weakref.WeakKeyDictionary()
key1, key2 = Obj("k1"), Obj("k2")
wkd[key1] = 1
wkd[key2] = 2
print(sorted(v for v in wkd.values()), key1 in wkd)
del key2
print(sorted(v for v in wkd.values()), len(wkd))

ws = weakref.WeakSet()
m1, m2 = Obj("m1"), Obj("m2")
ws.add(m1)
ws.add(m2)
print(len(ws), m1 in ws)
del m1
print(len(ws), sorted(o.name for o in ws))


def on_finalize(what):
    print("finalize ran for", what)


f_obj = Obj("f")
fin = weakref.finalize(f_obj, on_finalize, "f")
print("alive", fin.alive, fin.atexit)
del f_obj
print("alive", fin.alive)

called = weakref.finalize(Obj("tmp"), on_finalize, "tmp")
print("tmp alive after statement", called.alive)

f2 = Obj("f2")
fin2 = weakref.finalize(f2, on_finalize, "f2 called directly")
fin2()
fin2()
print("alive", fin2.alive)

at_exit = Obj("at exit")
weakref.finalize(at_exit, on_finalize, "at exit")


# In a collection, weakrefs to garbage are cleared before any __del__ runs,
# and their callbacks run first.
class WithDel:
    def __del__(self):
        print("WithDel.__del__, peer ref now:", peer_ref())


cyc = WithDel()
cyc.self = cyc
peer = Obj("peer")
peer.cyc = cyc
cyc.peer = peer
peer_ref = weakref.ref(peer, lambda w: print("peer callback"))
del cyc, peer
print("collect", gc.collect() > 0)

wm_obj = Obj("wm")
wm = weakref.WeakMethod(wm_obj.method)
print(wm()())
del wm_obj
print(wm())
print("end")
