# Weight normalisation both ways: parametrizations.weight_norm (originals
# original0 = g, original1 = v; the graph's WeightNormInterfaceBackward0) and
# the deprecated torch.nn.utils.weight_norm (weight_g / weight_v, a forward
# pre-hook, a FutureWarning); state dicts of the old form load into the new.
import os
import warnings

import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
from torch.nn.utils.parametrizations import weight_norm


def edges(fn):
    return [(f.name() if f is not None else None, i) for f, i in fn.next_functions]


torch.manual_seed(0)
m = weight_norm(nn.Linear(4, 3))
print(m)
print(type(m).__name__)
print(list(m.state_dict().keys()))
for n, p in m.named_parameters():
    print(n, tuple(p.shape))
print(m.parametrizations.weight.original0)
x = torch.randn(2, 4)
y = m(x)
print(y)
print(y.grad_fn.name(), edges(y.grad_fn))
w = m.weight
print(w.grad_fn.name(), edges(w.grad_fn))
y.pow(2).sum().backward()
print(m.parametrizations.weight.original0.grad)
print(m.parametrizations.weight.original1.grad)

# dim=None: one norm for the whole tensor; dim=1 on a convolution.
c = weight_norm(nn.Conv1d(2, 3, 3), dim=None)
print(c.parametrizations.weight.original0)
c1 = weight_norm(nn.Conv1d(2, 3, 3), dim=1)
print(tuple(c1.parametrizations.weight.original0.shape))
out = c1(torch.randn(1, 2, 5))
print(out.grad_fn.name(), edges(out.grad_fn))
out.sum().backward()
print(c1.parametrizations.weight.original0.grad)

# The legacy state_dict keys load through the compatibility hook.
sd = {'weight_g': torch.ones(3, 1), 'weight_v': torch.ones(3, 4), 'bias': torch.zeros(3)}
print(m.load_state_dict(sd))
print(m.weight)
P.remove_parametrizations(m, 'weight')
print(m, list(m.state_dict().keys()))

# The deprecated form.
torch.manual_seed(1)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter('always')
    old = nn.utils.weight_norm(nn.Linear(4, 3), name='weight')
for w in caught:
    print(w.category.__name__, os.path.basename(w.filename), w.message)
print(old)
print(list(old.state_dict().keys()))
print(old.weight_g)
print(old.weight.grad_fn.name(), edges(old.weight.grad_fn))
z = old(torch.ones(1, 4))
print(z)
z.sum().backward()
print(old.weight_g.grad)
print(old.weight_v.grad)
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    try:
        nn.utils.weight_norm(old)
    except RuntimeError as e:
        print('RuntimeError:', e)
new = weight_norm(nn.Linear(4, 3))
print(new.load_state_dict(old.state_dict()))
print(torch.equal(new.weight, old.weight))
nn.utils.remove_weight_norm(old)
print(old, list(old.state_dict().keys()), isinstance(old.weight, nn.Parameter))
try:
    nn.utils.remove_weight_norm(old)
except ValueError as e:
    print('ValueError:', e)
