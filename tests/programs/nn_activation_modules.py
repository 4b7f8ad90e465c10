# Activation modules not covered elsewhere (values, grads, reprs; RReLU's
# random slopes in training and its fixed slope in eval), 3-D reflection and
# circular padding, Module.half() / Module.type(), and a user extra_repr.
import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(2, 5, requires_grad=True)
modules = [nn.Threshold(0.1, 20.0), nn.Threshold(-0.5, -1.0, inplace=False), nn.CELU(), nn.CELU(alpha=0.5),
           nn.SELU(), nn.LogSigmoid(), nn.Softsign(), nn.Tanhshrink(), nn.Softmin(dim=1), nn.Softmin(dim=0)]
for m in modules:
    x.grad = None
    y = m(x)
    (y * torch.arange(10.).view(2, 5)).sum().backward()
    print(m, y, y.grad_fn.name())
    print('  grad', x.grad)

rrelu = nn.RReLU(0.1, 0.3)
print(rrelu, rrelu.training)
torch.manual_seed(2)
xr = torch.randn(3, 4, requires_grad=True)
y = rrelu(xr)
y.sum().backward()
print('train', y, y.grad_fn.name(), xr.grad)
rrelu.eval()
xr.grad = None
y = rrelu(xr)
y.sum().backward()
print('eval', y, y.grad_fn.name(), xr.grad)
print(nn.RReLU(inplace=True))

v = torch.arange(2 * 3 * 3 * 3, dtype=torch.float).view(1, 2, 3, 3, 3).requires_grad_()
for pad in (nn.ReflectionPad3d(1), nn.ReflectionPad3d((1, 0, 2, 1, 0, 1)), nn.CircularPad3d(1),
            nn.CircularPad3d((0, 1, 1, 0, 2, 0))):
    v.grad = None
    out = pad(v)
    out.pow(2).sum().backward()
    print(pad, tuple(out.shape), out.grad_fn.name())
    print(' ', out[0, 1, 0], v.grad[0, 0, 1])
try:
    nn.ReflectionPad3d(3)(v)
except RuntimeError as e:
    print('RuntimeError', e)

torch.manual_seed(3)
net = nn.Sequential(nn.Linear(3, 2), nn.BatchNorm1d(2))
half = net.half()
print(half is net, net[0].weight.dtype, net[1].running_mean.dtype, net[1].num_batches_tracked.dtype)
print(net[0].weight)
net.type(torch.float64)
print(net[0].weight.dtype, net[1].running_var.dtype, net[1].num_batches_tracked.dtype)
print(net(torch.arange(12, dtype=torch.float64).view(4, 3) % 5))
net.type(torch.float32)
print(net[0].bias, net[1].num_batches_tracked)


class Scaled(nn.Module):
    def __init__(self, size, scale=2.0):
        super().__init__()
        self.size = size
        self.scale = scale
        self.inner = nn.Linear(size, size, bias=False)

    def extra_repr(self):
        return f'size={self.size}, scale={self.scale}\nnote=multi-line'

    def forward(self, x):
        return self.inner(x) * self.scale


class OneLine(nn.Module):
    def extra_repr(self):
        return 'k=3'


print(Scaled(3))
print(nn.Sequential(Scaled(2, scale=0.5), OneLine()))
print(OneLine())
