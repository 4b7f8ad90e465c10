# Builds reference cycles N_ITERATIONS times (run_cycles.py substitutes the
# number); the cycle collector must reclaim them, so peak memory stays flat.
# Each kind of cycle carries a buffer (a list or a tensor) so a leak shows.
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
del x, f, s, a, b, d, m

# The last hooked model still works: its hooks run in a backward.
m = HookedModel()
m.y.sum().backward()
print("grad", m.w.grad[:3].tolist())
print("done")
