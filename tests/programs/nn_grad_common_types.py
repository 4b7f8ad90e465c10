# torch.nn.grad's convolution gradients against autograd's (1-D to 3-D, stride, padding,
# groups; differentiable as PyTorch's), and torch.nn.common_types' aliases in annotations.
import torch
import torch.nn.grad
from torch import nn

torch.manual_seed(0)
for dim, conv in ((1, torch.nn.functional.conv1d), (2, torch.nn.functional.conv2d), (3, torch.nn.functional.conv3d)):
    shape = (2, 4) + (5,) * dim
    x = torch.randn(shape, requires_grad=True)
    w = torch.randn((6, 2) + (3,) * dim, requires_grad=True)
    y = conv(x, w, None, 2, 1, 1, 2)
    g = torch.randn(y.shape)
    y.backward(g)
    gi = getattr(nn.grad, f'conv{dim}d_input')(x.shape, w, g, stride=2, padding=1, groups=2)
    gw = getattr(nn.grad, f'conv{dim}d_weight')(x, w.shape, g, stride=2, padding=1, groups=2)
    print(dim, gi.shape, gw.shape, gi.requires_grad, gw.requires_grad, gi.grad_fn.name(), gw.grad_fn.name())
    with torch.no_grad():
        print(nn.grad.conv1d_input((1, 1, 4), torch.ones(1, 1, 2), torch.ones(1, 1, 3)).requires_grad)
    print(round((gi - x.grad).abs().max().item(), 5), round((gw - w.grad).abs().max().item(), 5))
    print(gi.flatten()[:6], gw.flatten()[:6])
from torch.nn.common_types import _size_2_t, _ratio_any_t, _size_any_opt_t


def f(k: _size_2_t, r: _ratio_any_t = 1.0) -> _size_any_opt_t:
    return k


print(f(3), f((1, 2)))
print(_size_2_t)
print(_ratio_any_t)
print(_size_any_opt_t)
print([n for n in dir(torch.nn.common_types) if not n.startswith('__')])
