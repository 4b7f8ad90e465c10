# Lazy convolutions and norms: in_channels / num_features from the first
# input, PyTorch's init numbers, then the eager class (cls_to_become).
import torch
from torch import nn
torch.manual_seed(0)
m = nn.LazyConv2d(4, 3)
print(m)
print(m.in_channels, m.out_channels)
y = m(torch.randn(1, 2, 5, 5))
print(m, type(m))
print(m.bias, m.weight.shape)
t = nn.LazyConvTranspose1d(3, 2, stride=2, bias=False)
print(t)
print(t(torch.randn(2, 5), output_size=[10]).shape, t, t.weight.shape, t.bias)
g = nn.LazyConv1d(4, 2, groups=2)
try:
    g(torch.randn(1, 3, 5))
except ValueError as e:
    print('ValueError:', e)
try:
    nn.LazyConv3d(2, 1)(torch.randn(2, 3))
except RuntimeError as e:
    print('RuntimeError:', e)
b = nn.LazyBatchNorm1d()
print(b, b.num_batches_tracked)
y = b(torch.randn(3, 4) * 2)
print(b, type(b), b.running_mean, b.running_var, b.num_batches_tracked, b.weight, y.grad_fn.name())
b2 = nn.LazyBatchNorm2d(affine=False, track_running_stats=False)
print(b2, b2.weight, b2.running_mean)
print(b2(torch.randn(2, 3, 2, 2))[0, 0], b2)
i = nn.LazyInstanceNorm1d()
print(i)
print(i(torch.randn(2, 3, 4))[0, 0], i, i.running_mean, i.num_batches_tracked)
print(sorted(nn.LazyBatchNorm3d(bias=False).state_dict().keys()))
