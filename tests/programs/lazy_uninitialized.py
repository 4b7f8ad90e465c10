# Lazy modules before their first forward hold UninitializedParameter /
# UninitializedBuffer placeholders, printed as PyTorch prints them; the
# first forward makes real tensors of the inferred shape.
import torch
import torch.nn as nn
from torch.nn.parameter import UninitializedParameter, UninitializedBuffer, is_lazy

torch.manual_seed(0)
m = nn.LazyLinear(3)
print(m.weight)
print(repr(m.bias))
print([m.weight, m.bias])
print(m)
print(isinstance(m.weight, UninitializedParameter), isinstance(m.weight, nn.Parameter), is_lazy(m.weight))
print(isinstance(m.weight, UninitializedBuffer), isinstance(torch.ones(1), UninitializedParameter))
print(list(m.state_dict().keys()))
print(m.state_dict())
bn = nn.LazyBatchNorm1d()
print(bn.running_mean, bn.weight)
print(isinstance(bn.running_mean, UninitializedBuffer), is_lazy(bn.running_mean), is_lazy(bn.num_batches_tracked))
print(bn)
conv = nn.LazyConv2d(4, 3)
print(conv.weight, conv.bias)
y = m(torch.ones(2, 5))
print(m)
print(m.weight.shape, isinstance(m.weight, UninitializedParameter), is_lazy(m.weight))
print(y)
print(bn(torch.ones(4, 2)))
print(bn.running_mean)
y.sum().backward()
print(m.weight.grad)
