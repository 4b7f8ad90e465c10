# torch.nn.Module: registration by attribute assignment, traversal with
# prefixes and shared parameters, modes, state dicts and their load errors,
# hooks, and print(model) of nested containers.
from collections import OrderedDict

import torch
from torch import nn
import torch.nn as nn2

torch.manual_seed(0)
print(nn is nn2, nn.Linear is torch.nn.Linear)


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc = nn.Linear(width, width)
        self.act = nn.ReLU()
        self.register_buffer('steps', torch.zeros(1))
        self.register_buffer('scratch', torch.ones(2), persistent=False)

    def forward(self, x):
        self.steps += 1
        return self.act(self.fc(x))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(3, 4)
        self.blocks = nn.ModuleList([Block(4), Block(4)])
        self.heads = nn.ModuleDict({'cls': nn.Linear(4, 2), 'reg': nn.Linear(4, 1, bias=False)})
        self.scale = nn.Parameter(torch.ones(1))
        self.tied = self.stem  # the same module under two names
        self.name = 'net'

    def forward(self, x):
        x = self.stem(x)
        for b in self.blocks:
            x = b(x)
        return self.heads['cls'](x) * self.scale, self.heads['reg'](x)


net = Net()
print(net)
print([n for n, _ in net.named_parameters()])
print([n for n, _ in net.named_parameters(remove_duplicate=False)])
print([n for n, _ in net.named_parameters(prefix='model')])
print([n for n, _ in net.named_parameters(recurse=False)])
print([n for n, _ in net.named_buffers()])
print([n for n, _ in net.named_children()])
print([n for n, _ in net.named_modules()])
print([n for n, _ in net.named_modules(prefix='root', remove_duplicate=False)])
print([type(m).__name__ for m in net.modules()])
print([type(m).__name__ for m in net.children()])
print(sum(p.numel() for p in net.parameters()))
print(type(net.parameters()).__name__)
print(net.get_submodule('blocks.1.fc'))
print(net.get_parameter('blocks.0.fc.bias').shape)
print(net.get_buffer('blocks.1.steps'))
print(net.name, 'name' in net.__dict__, 'stem' in net.__dict__, 'stem' in dir(net))
print(net.training, net.eval().training, net.blocks[0].training, net.train().blocks[1].act.training)

# state dicts
sd = net.state_dict()
print(list(sd.keys()))
print(type(sd).__name__, sd['blocks.0.steps'], sd['scale'].requires_grad)
print(list(sd._metadata.keys()))
print(net.load_state_dict(sd))
print(net.load_state_dict(sd, strict=False))
sd2 = OrderedDict(sd)
del sd2['scale']
sd2['extra.weight'] = torch.zeros(1)
result = net.load_state_dict(sd2, strict=False)
print(result)
print(result.missing_keys, result.unexpected_keys)
try:
    net.load_state_dict(sd2)
except RuntimeError as e:
    print(e)
sd3 = dict(sd)
sd3['stem.weight'] = torch.zeros(5, 3)
try:
    net.load_state_dict(sd3)
except RuntimeError as e:
    print(e)
before = net.stem.weight
net.load_state_dict({k: torch.full_like(v, 0.5) for k, v in sd.items()})
print(net.stem.weight is before, net.stem.weight[0])

# forward, backward, zero_grad
x = torch.randn(2, 3)
out, reg = net(x)
print(out, reg)
(out.sum() + reg.sum()).backward()
print(net.scale.grad, net.blocks[0].steps)
net.zero_grad()
print(net.scale.grad)
net.requires_grad_(False)
print(all(not p.requires_grad for p in net.parameters()))

# registration rules and errors
m = nn.Module()
m.w = nn.Parameter(torch.zeros(2))
m.w = None
print(m.w, list(m._parameters.keys()))
for bad in [lambda: setattr(m, 'w', torch.zeros(2)),
            lambda: m.register_parameter('a.b', None),
            lambda: m.register_parameter('', None),
            lambda: m.register_buffer('x', 3),
            lambda: m.add_module('sub', 3),
            lambda: m.register_parameter('p', torch.zeros(2)),
            lambda: m.register_parameter('q', nn.Parameter(torch.zeros(2)) * 2),
            lambda: m.missing,
            lambda: net.get_submodule('blocks.7'),
            lambda: net.get_submodule('name'),
            lambda: net.get_parameter('stem.nothing'),
            lambda: net.train('yes')]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__ + ':', e)
m.sub = nn.Linear(1, 1)
m.sub = None
print(m.sub, list(m._modules.keys()))
m.register_buffer('buf', torch.ones(1))
m.buf = torch.zeros(2)
print(m.buf, m.state_dict())
del m.buf
print(hasattr(m, 'buf'))
m.register_module('extra', nn.Identity())
print(m)

# hooks
calls = []
lin = nn.Linear(2, 2)
h1 = lin.register_forward_pre_hook(lambda mod, args: calls.append(('pre', type(mod).__name__, len(args))))
h2 = lin.register_forward_hook(lambda mod, args, out: out * 0)
h3 = lin.register_forward_hook(lambda mod, args, kwargs, out: calls.append(('kw', sorted(kwargs))),
                               with_kwargs=True, prepend=True)
h4 = lin.register_forward_pre_hook(lambda mod, args, kwargs: ((args[0] + 1,), kwargs), with_kwargs=True)
print(lin(torch.ones(1, 2)))
print(calls)
for h in (h1, h2, h3, h4):
    h.remove()
print(lin(torch.ones(1, 2)).shape, len(lin._forward_hooks), len(lin._forward_pre_hooks))
seen = []
g = nn.modules.module.register_module_forward_hook(lambda mod, args, out: seen.append(type(mod).__name__))
gp = torch.nn.modules.module.register_module_forward_pre_hook(lambda mod, args: seen.append('pre'))
nn.Sequential(nn.Linear(2, 2), nn.Tanh())(torch.ones(1, 2))
g.remove()
gp.remove()
print(seen)
with lin.register_forward_hook(lambda mod, args, out: print('inside hook')):
    lin(torch.ones(1, 2))
lin(torch.ones(1, 2))

# apply, conversions
def init(mod):
    if isinstance(mod, nn.Linear):
        nn.init.constant_(mod.weight, 0.1)
seq = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
print(seq.apply(init)[2].weight)
w = seq[0].weight
seq.double()
print(seq[0].weight.dtype, seq[0].weight is w, seq(torch.ones(1, 2, dtype=torch.float64)))
print(seq.float()[2].bias.dtype, seq.to(torch.float64)[0].bias.dtype, seq.to('cpu', torch.float32)[0].bias.dtype)
try:
    seq.to(torch.int64)
except TypeError as e:
    print(e)


class NoForward(nn.Module):
    pass


try:
    NoForward()(1)
except NotImplementedError as e:
    print(e)


class WithProperty(nn.Module):
    def __init__(self):
        super().__init__()
        self._scale = 1.0

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, v):
        self._scale = v * 2


wp = WithProperty()
wp.scale = 3
print(wp.scale, sorted(k for k in wp.__dict__ if not k.startswith('_') or k == '_scale'))

# copy.deepcopy of tensors and modules (an EMA copy of a model)
import copy
torch.manual_seed(0)
w = torch.ones(2, requires_grad=True)
w.grad = torch.full((2,), 3.0)
shared = [w, w]
c = copy.deepcopy(shared)
print(c[0] is c[1], c[0] is w, c[0].grad, c[0].requires_grad, c[0].is_leaf)
y = w * 2
try:
    copy.deepcopy(y)
except RuntimeError as e:
    print(e)
model = nn.Sequential(nn.Linear(2, 2), nn.Tanh())
ema = copy.deepcopy(model)
ema.requires_grad_(False)
with torch.no_grad():
    for pe, pm in zip(ema.parameters(), model.parameters()):
        pe.mul_(0.9).add_(pm, alpha=0.1)
print(ema, ema[0].weight, type(ema[0].bias).__name__)
print(model(torch.ones(1, 2)), ema(torch.ones(1, 2)))

# nn.Buffer: a tensor a module registers as a buffer on assignment
b = nn.Buffer(torch.ones(2), persistent=False)
print(b, type(b), isinstance(b, nn.Buffer), isinstance(torch.ones(1), nn.Buffer))
m = nn.Module(); m.b = b; print(m.state_dict(), list(m.named_buffers()), type(m.b))
m.c = nn.Buffer(torch.zeros(1)); print(m.state_dict())
m.c = torch.ones(3); print(m.state_dict())
