# Containers: Sequential, ModuleList, ModuleDict, ParameterList and
# ParameterDict -- indexing, slicing, editing, and their reprs.
from collections import OrderedDict

import torch
from torch import nn

torch.manual_seed(0)
seq = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 3), nn.Tanh())
print(len(seq), seq[0], seq[-1], seq[1:3], type(seq[::2]).__name__)
try:
    seq[4]
except IndexError as e:
    print('IndexError:', e)
seq.append(nn.Linear(3, 1))
seq.insert(1, nn.Dropout(0.1))
seq.insert(-1, nn.Sigmoid())
print(seq)
print(seq.pop(1), len(seq))
del seq[1:3]
print(seq)
seq[0] = nn.Linear(2, 3, bias=False)
print([type(m).__name__ for m in seq], list(seq._modules.keys()))
seq.extend(nn.Sequential(nn.Identity()))
both = seq + nn.Sequential(nn.ReLU())
print(both)
print(nn.Sequential(nn.ReLU(), nn.Tanh()) * 2)
named = nn.Sequential(OrderedDict([('first', nn.Linear(2, 2)), ('act', nn.GELU())]))
print(named, named.first, named[1])
print(named(torch.ones(1, 2)))
try:
    seq + 3
except ValueError as e:
    print('ValueError:', e)
print('0' in dir(seq), 'append' in dir(seq))

layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)])
layers.append(nn.ReLU())
layers.extend([nn.ReLU(), nn.Tanh()])
layers.insert(0, nn.Identity())
print(layers)
print(len(layers), layers[-1], layers[1:3])
del layers[0]
print(list(layers._modules.keys()), layers.pop(-1))
layers += [nn.Sigmoid()]
print(layers, nn.ModuleList())
print(type(layers + nn.ModuleList([nn.ReLU()])).__name__)
layers[0] = nn.Linear(2, 5)
print(layers[0])
try:
    nn.ModuleList().extend(3)
except TypeError as e:
    print('TypeError:', e)

md = nn.ModuleDict({'b': nn.Linear(1, 1), 'a': nn.ReLU()})
md['c'] = nn.Tanh()
md.update([('d', nn.Identity())])
print(md, len(md), list(md.keys()), 'a' in md, md['b'])
print(md.pop('a'), list(md), [type(v).__name__ for v in md.values()])
del md['c']
print([k for k, _ in md.items()])
md.clear()
print(md, len(md))

pl = nn.ParameterList([nn.Parameter(torch.ones(2)), torch.zeros(3, 2)])
pl.append(torch.full((1,), 5.0))
print(pl)
print(len(pl), pl[1], type(pl[2]).__name__, pl[-1].requires_grad, [n for n, _ in pl.named_parameters()])
print(pl[0:2])
pd = nn.ParameterDict({'w': torch.ones(2, 2), 'b': nn.Parameter(torch.zeros(2))})
pd['s'] = torch.tensor(3.0)
print(pd)
print(len(pd), list(pd.keys()), 'w' in pd, pd['b'], [n for n, _ in pd.named_parameters()])
print(pd.pop('s'), list(pd), pd.get('zz', 7))
try:
    pl(1)
except RuntimeError as e:
    print('RuntimeError:', e)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Sequential(nn.Linear(8, 8), nn.ReLU()))
        self.heads = nn.ModuleList([nn.Linear(8, 2), nn.Linear(8, 2), nn.Linear(8, 3)])
        self.extra = nn.ModuleDict({'norm': nn.Identity()})
        self.params = nn.ParameterList([nn.Parameter(torch.ones(1))])

    def forward(self, x):
        h = self.extra['norm'](self.encoder(x))
        return [head(h) * self.params[0] for head in self.heads]


model = Model()
print(model)
outs = model(torch.randn(2, 4))
sum(o.sum() for o in outs).backward()
print([tuple(p.grad.shape) for p in model.parameters()])
print(list(model.state_dict().keys()))
