# LinearCrossEntropyLoss (flat weight viewed to (C, *out_features, in), graphs, weight,
# ignore_index, label smoothing, probabilities), LinearCrossEntropyOptions' checks, nn.factory_kwargs.
import torch
from torch import nn


def walk(f, d=0):
    if f is None:
        return
    print(' ' * d + f.name())
    for g, _ in f.next_functions:
        walk(g, d + 1)


torch.manual_seed(0)
m = nn.LinearCrossEntropyLoss(4, 5, out_features=(3,), bias=True)
print(m, list(m.state_dict().keys()), sorted(k for k in vars(m) if not k.startswith('_')))
x = torch.randn(2, 4, requires_grad=True)
t = torch.randint(0, 5, (2, 3))
loss = m(x, t)
print(loss)
walk(loss.grad_fn)
loss.backward()
print(x.grad, m.linear.bias.grad)
m2 = nn.LinearCrossEntropyLoss(4, 5, weight=torch.tensor([1., 2., 1., 1., 0.5]), ignore_index=2,
                               label_smoothing=0.1, reduction='sum')
print(m2, m2.weight)
l2 = m2(x, torch.tensor([1, 2]))
print(l2)
walk(l2.grad_fn)
print(nn.LinearCrossEntropyLoss(4, 5, reduction='none')(x, torch.tensor([0, 4])))
print(nn.LinearCrossEntropyLoss(4, 5)(x[0], torch.tensor(3)))
probs = torch.randn(2, 5).softmax(1)
print(nn.LinearCrossEntropyLoss(4, 5, label_smoothing=0.2)(x, probs))
try:
    m2(x, torch.tensor([1]))
except Exception as e:
    print(type(e).__name__, e)
opts = nn.LinearCrossEntropyOptions()
print(opts, nn.LinearCrossEntropyOptions(allow_retain_graph=True, batch_chunk_size=3, chunking_method=None,
                                         acc_policy='accurate', acc_dtype=torch.float64))
print(nn.LinearCrossEntropyLoss(3, 2, options=opts))
for kw in [dict(acc_policy='x'), dict(chunking_method='y'), dict(batch_chunk_size=0), dict(batch_chunk_size=2.0)]:
    try:
        nn.LinearCrossEntropyOptions(**kw)
    except ValueError as e:
        print('ValueError', e)
for a in [None, {}, {'device': 'cpu', 'x': 1}, {'factory_kwargs': {'dtype': torch.float}, 'device': 'cpu'},
          {'factory_kwargs': {'device': 'cpu'}, 'device': 'cpu'}, {'factory_kwargs': {'x': 1}}]:
    try:
        print(nn.factory_kwargs(a))
    except TypeError as e:
        print('TypeError', e)
