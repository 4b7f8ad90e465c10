# oracle: pytorch
# covers: private name mangling, __slots__ (member descriptors, no __dict__, conflicts), metaclasses with __prepare__ and keywords, __getattribute__, data descriptors with __set_name__, exceptions through finally keep their line
class V:
    __slots__ = ("x", "y", "__secret")
    def __init__(self, x):
        self.x = x
        self.__secret = 1
v = V(1)
print(v.x, v._V__secret, hasattr(v, "y"), V.x.__class__.__name__)
try: v.z = 3
except AttributeError as e: print(e)
try: v.y
except AttributeError as e: print(e)
try: v.__dict__
except AttributeError as e: print(e)
except TypeError as e: print(e)
class W(V): pass
w = W(2); w.z = 5; print(w.z, w.x)
try:
    class E:
        __slots__ = ("a",)
        a = 1
except ValueError as e: print(e)
class F:
    __slots__ = "only"
f = F(); f.only = 3; del f.only
try: del f.only
except AttributeError as e: print(e)
class G(Exception):
    __slots__ = ()
g = G("x"); g.k = 1; print(g.k)
class C:
    def f(self, __x): return __x
    def g(self):
        try:
            return self.f(__x=1)
        except TypeError as e:
            return str(e)
    def __priv(self): return "priv"
    class __Inner: pass
    def h(self):
        __local = 5
        return self.__priv(), __local, [n for n in dir(self) if "priv" in n or "Inner" in n], self.__Inner.__name__
print(C().g(), C().h(), C._C__priv.__name__, C._C__priv.__qualname__)
class _Under:
    __a = 1
    def get(self): return self.__a
print(_Under().get(), [k for k in vars(_Under) if "a" in k and not k.startswith("__")])
class ___:
    __b = 2
print([k for k in vars(___) if k.endswith("b")])
def outer():
    class D:
        __z = 3
        def m(self):
            return lambda: self.__z
    return D().m()()
print(outer(), getattr(C(), "__priv", "no"))
class Meta(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        print("prepare", name, kw)
        return {}
    def __new__(mcls, name, bases, ns, **kw):
        ns["made_by"] = "Meta"
        return super().__new__(mcls, name, bases, ns)
class A(metaclass=Meta, flag=1):
    pass
print(A.made_by, type(A).__name__)
class Logged:
    def __getattribute__(self, name):
        if name.startswith("w"):
            return "intercepted " + name
        return object.__getattribute__(self, name)
l = Logged(); l.x = 1
print(l.x, l.weight)
class Positive:
    def __set_name__(self, owner, name):
        self.name = "_" + name
    def __get__(self, obj, objtype=None):
        return self if obj is None else getattr(obj, self.name)
    def __set__(self, obj, value):
        if value <= 0: raise ValueError(f"{self.name[1:]} must be positive")
        setattr(obj, self.name, value)
class Cfg:
    lr = Positive()
    def __init__(self, lr): self.lr = lr
c = Cfg(0.1); print(c.lr, type(Cfg.lr).__name__)
try: Cfg(-1)
except ValueError as e: print(e)
