# Padding, pixel-shuffle, channel-shuffle, upsampling and fold modules:
# reprs, outputs and gradients as PyTorch's.
import torch
from torch import nn

x1 = torch.arange(6.).reshape(1, 2, 3).requires_grad_()
x2 = torch.arange(18.).reshape(1, 2, 3, 3).requires_grad_()
x3 = torch.arange(16.).reshape(1, 1, 2, 2, 4)
pads = [
    (nn.ZeroPad1d((1, 2)), x1), (nn.ZeroPad2d(1), x2), (nn.ZeroPad2d((1, 0, 2, 1)), x2),
    (nn.ConstantPad1d(2, 3.5), x1), (nn.ConstantPad2d((0, 1, 1, 0), -1), x2),
    (nn.ConstantPad3d(1, 0.5), x3), (nn.ReflectionPad1d(2), x1), (nn.ReflectionPad2d((1, 2, 2, 1)), x2),
    (nn.ReplicationPad1d((3, 1)), x1), (nn.ReplicationPad2d(2), x2), (nn.ReplicationPad3d((1, 0, 0, 1, 1, 0)), x3),
    (nn.CircularPad1d(1), x1), (nn.CircularPad2d((1, 1, 2, 0)), x2), (nn.ZeroPad3d((0, 1, 0, 0, 1, 0)), x3),
]
for pad, x in pads:
    y = pad(x)
    print(pad, tuple(y.shape), y.grad_fn.name() if y.grad_fn else None)
    print(y[0, -1] if y.dim() < 5 else y[0, 0, 0])
    if y.requires_grad:
        (y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
print(x1.grad)
print(x2.grad)
try:
    nn.CircularPad2d(1)(torch.randn(3, 3))
except ValueError as e:
    print('ValueError:', e)

torch.manual_seed(0)
p = torch.randn(1, 8, 2, 3, requires_grad=True)
ps, pu, cs = nn.PixelShuffle(2), nn.PixelUnshuffle(2), nn.ChannelShuffle(4)
print(ps, pu, cs)
s = ps(p)
print(s.shape, s.grad_fn.name(), s[0, 1])
print(pu(s).shape, torch.equal(pu(s), p))
c = cs(p)
print(c.grad_fn.name(), c[0, :, 0, 0])
(s.sum() + (c * torch.arange(8.).reshape(1, 8, 1, 1)).sum()).backward()
print(p.grad[0, :, 0, 0])

u = torch.arange(1., 7.).reshape(1, 1, 2, 3).requires_grad_()
ups = [
    nn.Upsample(scale_factor=2), nn.Upsample(size=(3, 5), mode='bilinear'),
    nn.Upsample(scale_factor=(1.5, 2), mode='bicubic', align_corners=True),
    nn.Upsample(size=4, mode='nearest-exact'), nn.UpsamplingNearest2d(scale_factor=2),
    nn.UpsamplingBilinear2d(size=(4, 4)),
]
for up in ups:
    y = up(u)
    print(up, tuple(y.shape), y.grad_fn.name())
    print(y[0, 0])
    y.pow(2).sum().backward()
print(u.grad)
up1 = nn.Upsample(scale_factor=3, mode='linear')
print(up1, up1(torch.tensor([[[1., 2., 4.]]])))

unfold = nn.Unfold(kernel_size=2, padding=1, stride=2)
fold = nn.Fold(output_size=(3, 3), kernel_size=2, padding=1, stride=2)
print(unfold)
print(fold)
cols = unfold(x2)
print(cols.shape, cols.grad_fn.name())
print(cols[0, :4])
back = fold(cols)
print(back.grad_fn.name(), torch.equal(back, x2))
print(nn.Fold((3, 4), (2, 2))(torch.arange(24.).reshape(1, 4, 6)))
