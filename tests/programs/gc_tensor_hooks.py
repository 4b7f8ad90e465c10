# Cycles through tensors' hooks: an object whose tensor hooks, node hooks and
# node metadata refer back to it. Unreachable ones are collected; the
# reachable one keeps working (its hooks run, its metadata is intact).
import gc

import torch


class Model:
    def __init__(self, scale):
        self.scale = scale
        self.calls = []
        self.w = torch.ones(3, requires_grad=True)
        self.handle = self.w.register_hook(lambda g: self.log("w", g * self.scale))
        self.y = self.w * 3
        self.y.register_hook(lambda g: self.log("y", g))
        self.y.grad_fn.register_prehook(lambda grads: self.log("pre", None))
        self.y.grad_fn.metadata["owner"] = self

    def log(self, name, value):
        self.calls.append(name)
        return value


m = Model(2.0)
for i in range(5):
    junk = Model(float(i))
del junk
print(isinstance(gc.collect(), int), gc.collect())
m.y.sum().backward()
print(m.calls, m.w.grad)
print(m.y.grad_fn.metadata["owner"] is m)

m.handle.remove()
m.w.grad = None
gc.collect()
m.y = m.w * 3
m.y.sum().backward()
print(m.calls, m.w.grad)


# A module whose forward hook refers to the module (nn keeps it in a dict).
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 1)
        self.seen = 0
        self.register_forward_hook(lambda mod, inp, out: self.count())

    def count(self):
        self.seen += 1

    def forward(self, x):
        return self.lin(x)


torch.manual_seed(0)
net = Net()
for i in range(3):
    Net()
gc.collect()
out = net(torch.ones(4, 2))
out.sum().backward()
print(net.seen, net.lin.weight.grad)
