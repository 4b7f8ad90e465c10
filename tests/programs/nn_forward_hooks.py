# Forward hooks in detail: always_call through an exception, pre-hooks that
# replace kwargs, global hooks with kwargs, bad returns, prepend order.
import torch
from torch import nn
class Boom(nn.Module):
    def forward(self, x, scale=1.0):
        if x.sum() > 100:
            raise ValueError('too big')
        return x * scale
b = Boom()
log = []
b.register_forward_hook(lambda m, a, out: log.append(('always', out)), always_call=True)
b.register_forward_pre_hook(lambda m, a, kw: (a, {'scale': 2.0}), with_kwargs=True)
print(b(torch.ones(2)))
try:
    b(torch.full((2,), 100.0))
except ValueError as e:
    print('ValueError', e)
print(log)
g = nn.modules.module.register_module_forward_hook(lambda m, a, kw, out: out + 1, with_kwargs=True)
print(b(torch.ones(2), scale=3.0))
g.remove()
bad = nn.Linear(1, 1)
bad.register_forward_pre_hook(lambda m, a, kw: 5, with_kwargs=True)
try:
    bad(torch.ones(1))
except RuntimeError as e:
    print(e)
l = nn.Linear(1, 1)
l.register_forward_pre_hook(lambda m, a: a[0] * 0)
print(l(torch.ones(1, 1)) == l.bias)
order = []
l2 = nn.Identity()
l2.register_forward_hook(lambda m, a, o: order.append(1))
l2.register_forward_hook(lambda m, a, o: order.append(2), prepend=True)
l2(torch.ones(1))
print(order)
