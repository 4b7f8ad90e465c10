# torch.nn.init: every initialiser draws PyTorch's numbers under a seed, and
# the default initialisation of layers matches.
import math

import torch
from torch import nn
from torch.nn import init

torch.manual_seed(0)
print(nn.Linear(3, 2).weight)
print(nn.Linear(3, 2).bias)
print(nn.Bilinear(2, 2, 1).weight)
print(nn.Embedding(3, 2).weight)
print(nn.PReLU().weight)

w = torch.empty(3, 5)
for name, fn in [('uniform_', lambda t: init.uniform_(t)),
                 ('uniform_ab', lambda t: init.uniform_(t, -2.0, 3.0)),
                 ('normal_', lambda t: init.normal_(t)),
                 ('normal_ms', lambda t: init.normal_(t, mean=1.0, std=0.1)),
                 ('constant_', lambda t: init.constant_(t, 0.3)),
                 ('ones_', init.ones_),
                 ('zeros_', init.zeros_),
                 ('eye_', init.eye_),
                 ('xavier_uniform_', lambda t: init.xavier_uniform_(t)),
                 ('xavier_uniform_gain', lambda t: init.xavier_uniform_(t, gain=init.calculate_gain('relu'))),
                 ('xavier_normal_', lambda t: init.xavier_normal_(t)),
                 ('kaiming_uniform_', lambda t: init.kaiming_uniform_(t)),
                 ('kaiming_uniform_fan_out', lambda t: init.kaiming_uniform_(t, mode='fan_out', nonlinearity='relu')),
                 ('kaiming_normal_', lambda t: init.kaiming_normal_(t)),
                 ('kaiming_normal_a', lambda t: init.kaiming_normal_(t, a=math.sqrt(5))),
                 ('trunc_normal_', lambda t: init.trunc_normal_(t)),
                 ('trunc_normal_narrow', lambda t: init.trunc_normal_(t, mean=0.0, std=1.0, a=-0.1, b=0.2)),
                 ('trunc_normal_std', lambda t: init.trunc_normal_(t, std=0.02)),
                 ('orthogonal_', lambda t: init.orthogonal_(t)),
                 ('sparse_', lambda t: init.sparse_(t, sparsity=0.5))]:
    out = fn(w)
    print(name, out is w)
    print(w)

tall = torch.empty(5, 3)
print(init.orthogonal_(tall, gain=2.0))
conv = torch.empty(4, 2, 3)
print(init.dirac_(conv))
print(init.dirac_(torch.empty(4, 2, 3, 3), groups=2)[2])
print(init.kaiming_uniform_(torch.empty(2, 3, 2, 2)))
print(init._calculate_fan_in_and_fan_out(torch.empty(6, 4, 3, 3)))
for nl in ['linear', 'conv2d', 'sigmoid', 'tanh', 'relu', 'leaky_relu', 'selu']:
    print(nl, init.calculate_gain(nl))
print(init.calculate_gain('leaky_relu', 0.2))

p = nn.Parameter(torch.empty(2, 2))
init.normal_(p)
print(p.grad_fn, p.requires_grad, p.is_leaf)
for bad in [lambda: init.calculate_gain('swish'),
            lambda: init.calculate_gain('leaky_relu', 'x'),
            lambda: init.eye_(torch.empty(2, 2, 2)),
            lambda: init.xavier_uniform_(torch.empty(3)),
            lambda: init.kaiming_uniform_(torch.empty(2, 2), mode='fan_mid'),
            lambda: init.dirac_(torch.empty(2, 2))]:
    try:
        bad()
    except ValueError as e:
        print('ValueError:', e)

# LazyLinear takes in_features from its first input, then is a Linear with
# PyTorch's initial numbers.
lazy = nn.LazyLinear(3)
print(lazy)
y = lazy(torch.randn(2, 4))
print(type(lazy).__name__, lazy, y.shape)
print(lazy.weight, lazy.bias)
