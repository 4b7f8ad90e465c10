# torch.func.functional_call and the deprecated
# torch.nn.utils.stateless.functional_call: a module called with other
# tensors in place of its parameters and buffers, for one call.
import warnings

import torch
import torch.nn as nn
from torch.func import functional_call

torch.manual_seed(0)
m = nn.Linear(3, 2)
x = torch.ones(1, 3)
w = torch.zeros(2, 3, requires_grad=True)
b = torch.ones(2)
out = functional_call(m, {"weight": w, "bias": b}, (x,))
print(out, out.grad_fn.name())
out.sum().backward()
print(w.grad)
print(m.weight.grad)
print(functional_call(m, {"weight": w}, x))
print(functional_call(m, ({"weight": w}, {"bias": b}), (x,)))
print(torch.func.functional_call.__module__, torch.func.functional_call.__name__)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(2, 2)
        self.register_buffer("scale", torch.tensor(2.0))

    def forward(self, x, shift=0.0):
        return self.l(x) * self.scale + shift


n = Net()
print(functional_call(n, {"scale": torch.tensor(10.0)}, (torch.ones(2),), {"shift": 1.0}))
print(n.scale, n.l.weight.shape)
for bad in ({"nope": torch.ones(1)}, ({"scale": torch.ones(1)}, {"scale": torch.ones(1)}), [1, 2], 5):
    try:
        functional_call(n, bad, (torch.ones(2),), strict=True)
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 2, bias=False)
        self.b = nn.Linear(2, 2, bias=False)
        self.b.weight = self.a.weight

    def forward(self, x):
        return self.a(x) + self.b(x)


t = Tied()
zero = torch.zeros(2, 2)
print(functional_call(t, {"a.weight": zero}, torch.ones(2)))
print(functional_call(t, {"a.weight": zero}, torch.ones(2), tie_weights=False))
try:
    functional_call(t, {"a.weight": zero, "b.weight": torch.ones(2, 2)}, torch.ones(2))
except ValueError as e:
    print("ValueError:", e)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    from torch.nn.utils.stateless import functional_call as deprecated_call
    import torch.nn.utils.stateless as stateless
    print(deprecated_call(m, {"weight": w, "bias": b}, (x,)))
    print(stateless.functional_call(m, {"weight": torch.ones(2, 3)}, x, tie_weights=False))
for c in caught:
    print(c.category.__name__, str(c.message)[:60])

# Gradients reach the given tensors, through the module's own graph.
params = {k: v.detach().clone().requires_grad_(True) for k, v in n.named_parameters()}
loss = functional_call(n, params, (torch.tensor([1.0, -1.0]),)).pow(2).sum()
loss.backward()
print(loss, {k: v.grad for k, v in params.items()})
print(n.l.weight.grad)
