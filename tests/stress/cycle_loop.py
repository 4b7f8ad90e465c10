# Builds reference cycles N_ITERATIONS times (run_cycles.py substitutes the
# number); the cycle collector must reclaim them, so peak memory stays flat.
# Each kind of cycle carries a buffer (a list or a tensor) so a leak shows.
import gc
import types
import weakref

import torch


class Node:
    def __init__(self):
        self.payload = [0] * 64
        self.other = None


class SelfMethod:
    def __init__(self):
        self.payload = [0] * 64
        self.callback = self.method  # a bound method of itself

    def method(self):
        return self


class HookedModel:
    # The hooks refer back to the model that holds the tensors.
    def __init__(self):
        self.w = torch.zeros(256, requires_grad=True)
        self.handle = self.w.register_hook(lambda g: g * self.scale)
        self.y = self.w * 2
        self.y.register_hook(lambda g: g + self.scale)
        self.y.grad_fn.register_prehook(lambda grads: self.touch())
        self.scale = 1.0

    def touch(self):
        return None


def closure_cycle():
    payload = [0] * 64

    def f():
        return f, payload
    return f


def suspended(holder):
    try:
        yield holder
    finally:
        holder.clear()


def generator_cycle():
    # The suspended generator's frame holds the list that holds the generator.
    holder = [0] * 64
    g = suspended(holder)
    holder.append(g)
    next(g)


def iterator_cycles():
    # Iterators hold what they iterate: a list holding its own iterator, a
    # dict holding an iterator over its keys, a map whose function and
    # iterable lead back to it.
    items = [0] * 64
    items.append(iter(items))
    d = {"payload": [0] * 64}
    d["it"] = iter(d)
    box = [[0] * 64]
    box.append(map(len, box))
    s = {1, 2}
    holder = [s, [0] * 64]
    holder.append(zip(iter(s), enumerate(holder)))


def builtin_method_cycles():
    # A builtin method bound to the container that stores it.
    items = [0] * 64
    items.append(items.append)
    d = {"payload": [0] * 64}
    d["get"] = d.get


def native_object_cycles():
    # Native objects that hold what they view: a dict's view stored in the
    # dict, a mapping proxy stored in its mapping, a tensor's bound method
    # used as the tensor's own hook.
    d = {"payload": [0] * 64}
    d["keys"] = d.keys()
    p = {"payload": [0] * 64}
    p["proxy"] = types.MappingProxyType(p)
    t = torch.zeros(64, requires_grad=True)
    t.register_hook(t.mul)


class Finalized:
    # An instance with __del__ in a cycle: finalized once, then freed.
    deleted = 0

    def __init__(self):
        self.payload = [0] * 64
        self.me = self

    def __del__(self):
        Finalized.deleted += 1


class Target:
    def __init__(self):
        self.payload = [0] * 64


def weakref_cycles():
    # A weakref whose callback refers back to the object it watches, and a
    # weak container in a cycle with its values.
    t = Target()
    t.ref = weakref.ref(t, lambda r: t)
    registry = weakref.WeakValueDictionary()
    t.registry = registry
    registry["t"] = t


for i in range(N_ITERATIONS):
    x = [0] * 64
    x.append(x)
    f = closure_cycle()
    s = SelfMethod()
    a = Node()
    b = Node()
    a.other = b
    b.other = a
    d = {"__name__": "m", "payload": [0] * 64}
    d["__dict__"] = d
    m = HookedModel()
    generator_cycle()
    iterator_cycles()
    builtin_method_cycles()
    native_object_cycles()
    Finalized()
    weakref_cycles()
del x, f, s, a, b, d, m

# The last hooked model still works: its hooks run in a backward.
m = HookedModel()
m.y.sum().backward()
print("grad", m.w.grad[:3].tolist())
gc.collect()
print("finalized all", Finalized.deleted == N_ITERATIONS)
print("done")
