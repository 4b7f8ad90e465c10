# parametrizations.spectral_norm (power iteration buffers _u/_v, training vs
# eval) and parametrizations.orthogonal (matrix_exp, cayley, householder;
# the trivialization base): values, state_dict keys, graph node names.
import torch
import torch.nn as nn
from torch.nn.utils.parametrizations import orthogonal, spectral_norm


def chain(t):
    names = []
    fn = t.grad_fn
    while fn is not None:
        names.append(fn.name())
        nxt = [f for f, _ in fn.next_functions if f is not None and 'AccumulateGrad' not in f.name()]
        fn = nxt[0] if nxt else None
    return names


torch.manual_seed(0)
s = spectral_norm(nn.Linear(5, 4))
print(s)
print(list(s.state_dict().keys()))
print(s.parametrizations.weight[0]._u)
print(s.parametrizations.weight[0]._v)
w = s.weight
print(w)
print(chain(w))
print(torch.linalg.matrix_norm(w, 2))
s.eval()
w2 = s.weight
print(torch.equal(w, w2))
out = s(torch.randn(3, 5)).sum()
out.backward()
print(s.parametrizations.weight.original.grad)

ct = spectral_norm(nn.ConvTranspose1d(3, 2, 2))
print(ct.parametrizations.weight[0].dim, tuple(ct.parametrizations.weight[0]._u.shape))
b = spectral_norm(nn.Linear(3, 3), name='bias')
print(b.bias)
try:
    spectral_norm(nn.Linear(2, 2), name='nope')
except ValueError as e:
    print('ValueError:', e)
try:
    spectral_norm(nn.Linear(2, 2), n_power_iterations=0)
except ValueError as e:
    print('ValueError:', e)

torch.manual_seed(0)
for kind in ['matrix_exp', 'cayley', 'householder']:
    o = orthogonal(nn.Linear(4, 3), orthogonal_map=kind)
    q = o.weight
    print(kind, list(o.state_dict().keys()))
    print(q)
    print(torch.allclose(q @ q.T, torch.eye(3), atol=1e-5), chain(q)[:4])
    q.sum().backward()
    print(o.parametrizations.weight.original.grad)
sq = orthogonal(nn.Linear(3, 3), use_trivialization=False)
print(sq.parametrizations.weight[0], hasattr(sq.parametrizations.weight[0], 'base'))
print(sq.weight)
try:
    orthogonal(nn.Linear(3, 3), orthogonal_map='qr')
except ValueError as e:
    print('ValueError:', e)
try:
    orthogonal(nn.Linear(3, 3), name='bias')
except ValueError as e:
    print('ValueError:', e)
