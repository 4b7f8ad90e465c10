# The legacy hook-based torch.nn.utils.spectral_norm: weight_orig / weight_u /
# weight_v, the power iteration in training mode only, the graph of the
# normalised weight, the state-dict version metadata and
# remove_spectral_norm.
import torch
import torch.nn as nn


def chain(t):
    names = []
    fn = t.grad_fn
    while fn is not None:
        names.append(fn.name())
        nxt = [f for f, _ in fn.next_functions if f is not None and 'AccumulateGrad' not in f.name()]
        fn = nxt[0] if nxt else None
    return names


torch.manual_seed(0)
m = nn.utils.spectral_norm(nn.Linear(5, 4))
print(m)
print([n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()])
print(m.weight_u, m.weight_v)
x = torch.randn(3, 5)
y = m(x)
print(y)
print(chain(m.weight))
print(m.weight_u)
y.sum().backward()
print(m.weight_orig.grad)
m.eval()
u_before = m.weight_u.clone()
m(x)
print(torch.equal(u_before, m.weight_u))
sd = m.state_dict()
print(list(sd.keys()), sd._metadata[''])
m2 = nn.utils.spectral_norm(nn.Linear(5, 4))
print(m2.load_state_dict(sd))
m2.eval()
print(torch.allclose(m2(x), m(x)))
try:
    nn.utils.spectral_norm(m)
except RuntimeError as e:
    print('RuntimeError:', e)
c = nn.utils.spectral_norm(nn.ConvTranspose2d(2, 3, 2), n_power_iterations=2)
print(tuple(c.weight_u.shape), tuple(c.weight_v.shape))
out = c(torch.randn(1, 2, 3, 3))
print(out.shape, chain(out)[:3])
nn.utils.remove_spectral_norm(m)
print(m, [n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()], list(m.state_dict().keys()))
print(m.weight)
try:
    nn.utils.remove_spectral_norm(m)
except ValueError as e:
    print('ValueError:', e)
try:
    nn.utils.spectral_norm(nn.Linear(2, 2), n_power_iterations=0)
except ValueError as e:
    print('ValueError:', e)
