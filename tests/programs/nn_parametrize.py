# torch.nn.utils.parametrize: a parametrized module's class, repr, state_dict
# keys, the graph through the parametrization, cached(), assignment through
# right_inverse, several parametrizations chained, remove_parametrizations
# both ways, and the errors PyTorch raises.
import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P


class Symmetric(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)


class Scale(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.s = s

    def forward(self, X):
        return X * self.s

    def right_inverse(self, X):
        return X / self.s


class RankOne(nn.Module):
    def forward(self, x, y):
        return x.unsqueeze(-1) @ y.unsqueeze(-2)

    def right_inverse(self, Z):
        return Z[:, 0], Z[0, :]


torch.manual_seed(0)
m = nn.Linear(3, 3)
print(P.is_parametrized(m), P.is_parametrized(m, 'weight'))
original = m.weight
P.register_parametrization(m, 'weight', Symmetric())
print(P.is_parametrized(m), P.is_parametrized(m, 'weight'), P.is_parametrized(m, 'bias'))
print(type(m).__name__, type(m).__bases__[0].__name__, isinstance(m, nn.Linear))
print(P.type_before_parametrizations(m).__name__)
print(m)
print(list(m.state_dict().keys()))
print([n for n, _ in m.named_parameters()])
print(m.parametrizations.weight.original is original)
print(m.weight)
print(m.parametrizations.weight.original)
y = m(torch.ones(2, 3)).sum()
print(y)
names = []
fn = y.grad_fn
while fn is not None:
    names.append(fn.name())
    nxt = [f for f, _ in fn.next_functions if f is not None and f.name() != 'AccumulateGrad']
    fn = nxt[-1] if nxt else None
print(names)
y.backward()
print(m.parametrizations.weight.original.grad)

with P.cached():
    a = m.weight
    b = m.weight
    print(a is b)
print(m.weight is m.weight)

# A second parametrization on the same tensor, with right_inverse.
P.register_parametrization(m, 'weight', Scale(2.0))
print(m.parametrizations.weight)
print(m.weight)
s = nn.Linear(3, 3)
P.register_parametrization(s, 'weight', Scale(2.0))
P.register_parametrization(s, 'weight', Scale(0.5))
s.weight = torch.eye(3) * 4
print(s.parametrizations.weight.original)
print(s.weight)

# Buffers can be parametrized too.
bn = nn.BatchNorm1d(2)
P.register_parametrization(bn, 'running_var', Scale(3.0))
print(bn)
print(list(bn.state_dict().keys()))
print(bn.running_var)

# Several originals: RankOne gives original0 and original1.
r = nn.Linear(3, 3, bias=False)
with torch.no_grad():
    r.weight.copy_(torch.arange(3.).unsqueeze(-1) @ torch.tensor([1., 2., 3.]).unsqueeze(-2) + 1)
P.register_parametrization(r, 'weight', RankOne(), unsafe=True)
print(list(r.state_dict().keys()))
print(r.parametrizations.weight.original0, r.parametrizations.weight.original1)
print(r.weight)
try:
    P.remove_parametrizations(r, 'weight', leave_parametrized=False)
except ValueError as e:
    print('ValueError:', e)
P.remove_parametrizations(r, 'weight')
print(type(r).__name__, list(r.state_dict().keys()), isinstance(r.weight, nn.Parameter))

# Removing: leave_parametrized keeps the value and the tensor's identity.
P.remove_parametrizations(m, 'weight')
print(type(m).__name__, m)
print(list(m.state_dict().keys()))
print(m.weight)
print(m.weight is original, isinstance(m.weight, nn.Parameter), hasattr(m, 'parametrizations'))

m2 = nn.Linear(2, 2)
w_before = m2.weight.detach().clone()
P.register_parametrization(m2, 'weight', Scale(10.0))
P.remove_parametrizations(m2, 'weight', leave_parametrized=False)
print(torch.equal(m2.weight, w_before))

# Errors.
try:
    P.register_parametrization(nn.Linear(2, 2), 'nope', Symmetric())
except ValueError as e:
    print('ValueError:', e)
try:
    P.remove_parametrizations(nn.Linear(2, 2), 'weight')
except ValueError as e:
    print('ValueError:', e)


class Shrink(nn.Module):
    def forward(self, X):
        return X[0]


try:
    P.register_parametrization(nn.Linear(2, 2), 'weight', Shrink())
except ValueError as e:
    print('ValueError:', e)
m3 = nn.Linear(2, 2)
P.register_parametrization(m3, 'weight', Symmetric())
try:
    m3.weight = torch.zeros(2, 2)
except RuntimeError as e:
    print('RuntimeError:', e)
