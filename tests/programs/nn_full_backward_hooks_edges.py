# Full backward hooks at the edges: an in-place module (PyTorch's view+inplace
# error), a dict output (warning), tensors passed by keyword (not hooked),
# create_graph, outputs that do not require grad, a hook returning a gradient
# where no input requires grad.
import torch
import torch.nn as nn

def hook(m, gi, go):
    print('hook', type(m).__name__, [None if g is None else g.shape for g in gi])

torch.manual_seed(0)
x = torch.randn(2, 3, requires_grad=True)
m = nn.Sequential(nn.Linear(3, 3), nn.ReLU(inplace=True))
m[1].register_full_backward_hook(hook)
try:
    y = m(x)
    print(y.grad_fn.name())
    y.sum().backward()
except RuntimeError as e:
    print('RuntimeError:', e)

class D(nn.Module):
    def forward(self, a):
        return {'out': a * 2}
d = D()
d.register_full_backward_hook(hook)
import warnings
with warnings.catch_warnings(record=True) as c:
    warnings.simplefilter('always')
    r = d(x)
    print(type(r).__name__, r['out'].grad_fn.name())
    r['out'].sum().backward()
    for w in c: print(w.category.__name__, w.message)

class K(nn.Module):
    def forward(self, a, b=None):
        return a * b
k = K()
k.register_full_backward_hook(hook)
out = k(x, b=x)
print(out.grad_fn.name(), [n.name() for n, _ in out.grad_fn.next_functions])
g, = torch.autograd.grad(out.sum(), x, create_graph=True)
print(g.grad_fn.name())
lin = nn.Linear(3, 1)
lin.register_full_backward_hook(hook)
z = lin(x)
gz, = torch.autograd.grad(z.sum(), x, create_graph=True)
print(gz.grad_fn.name())
gz.sum().backward()
print(x.grad)
# output not requiring grad
e = nn.Identity()
e.register_full_backward_hook(hook)
print(e(torch.ones(2)).grad_fn)
def bad(m, gi, go):
    return (torch.ones(2),)
mm = nn.Linear(2, 2)
mm.register_full_backward_hook(bad)
try:
    mm(torch.ones(1, 2)).sum().backward()
except RuntimeError as er:
    print('RuntimeError:', er)
print(mm.weight.grad)
