# Convolution and pooling modules: default init under a seed, reprs,
# outputs and gradients, padding modes, transposed convolutions with
# output_size, pooling with indices and ceil_mode, argument errors.
import torch
from torch import nn

torch.manual_seed(0)
convs = [
    nn.Conv1d(2, 3, 3),
    nn.Conv1d(2, 4, 2, stride=2, padding=1, dilation=2, groups=2, bias=False),
    nn.Conv2d(2, 4, 3, padding=1),
    nn.Conv2d(2, 2, (3, 2), padding='same', padding_mode='reflect'),
    nn.Conv2d(2, 2, 3, padding=2, padding_mode='circular', dilation=2),
    nn.Conv2d(2, 2, 2, padding=1, padding_mode='replicate'),
    nn.Conv2d(2, 2, 3, padding='valid'),
    nn.Conv2d(2, 2, (3, 5), padding='same', dilation=(2, 1)),
    nn.Conv3d(1, 2, 2, stride=(1, 2, 1)),
]
for conv in convs:
    print(conv)
    print(conv.weight.shape, None if conv.bias is None else conv.bias)
print(convs[0].weight)

x1 = torch.randn(2, 2, 7, requires_grad=True)
x2 = torch.randn(2, 2, 6, 5, requires_grad=True)
x3 = torch.randn(1, 1, 3, 4, 4)
for conv in convs:
    x = x1 if isinstance(conv, nn.Conv1d) else (x2 if isinstance(conv, nn.Conv2d) else x3)
    y = conv(x)
    print(type(conv).__name__, conv.padding, y.shape, y.grad_fn.name(), round(y.sum().item(), 2))
    y.pow(2).sum().backward()
    print(conv.weight.grad.sum().item() != 0, conv.weight.grad.flatten()[:4].round(decimals=2))
print(x2.grad[0, 0].round(decimals=3))
print(convs[2](x2.unsqueeze(0)[0, 0]).shape)

torch.manual_seed(1)
ct1 = nn.ConvTranspose1d(3, 2, 3, stride=2, padding=1, output_padding=1)
ct2 = nn.ConvTranspose2d(2, 4, 3, stride=2, padding=1, groups=2, dilation=1, bias=False)
print(ct1)
print(ct2)
print(ct1.weight.shape, ct2.weight.shape, ct1.bias)
z = ct1(torch.randn(1, 3, 4))
print(z.shape, z.grad_fn.name())
print(z)
xin = torch.randn(1, 2, 3, 3, requires_grad=True)
for size in [None, [6, 6], [5, 5], (1, 4, 6, 5)]:
    out = ct2(xin, output_size=size)
    print(size, out.shape)
out.sum().backward()
print(xin.grad)
for size in [[8, 8], [1, 2, 3]]:
    try:
        ct2(xin, output_size=size)
    except ValueError as e:
        print('ValueError:', e)

bad = [
    lambda: nn.Conv2d(3, 4, 3, groups=2),
    lambda: nn.Conv2d(4, 3, 3, groups=2),
    lambda: nn.Conv2d(4, 4, 3, groups=0),
    lambda: nn.Conv2d(2, 2, 3, stride=2, padding='same'),
    lambda: nn.ConvTranspose2d(2, 2, 3, padding_mode='reflect'),
    lambda: nn.Conv2d(2, 2, 3, padding='full'),
    lambda: nn.Conv1d(2, 2, 3, padding_mode='mirror'),
]
for make in bad:
    try:
        make()
    except ValueError as e:
        print('ValueError:', e)

torch.manual_seed(2)
img = torch.randn(2, 3, 7, 6, requires_grad=True)
seq = torch.randn(2, 3, 9, requires_grad=True)
vol = torch.randn(1, 2, 5, 4, 4)
pools = [
    (nn.MaxPool2d(2), img),
    (nn.MaxPool2d(3, stride=2, padding=1, ceil_mode=True), img),
    (nn.MaxPool2d((2, 3), dilation=(1, 2)), img),
    (nn.MaxPool1d(3, stride=2), seq),
    (nn.MaxPool3d(2, ceil_mode=True), vol),
    (nn.AvgPool1d(3, stride=2, padding=1), seq),
    (nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=False), img),
    (nn.AvgPool2d(2, ceil_mode=True, divisor_override=3), img),
    (nn.AvgPool3d((1, 2, 2)), vol),
    (nn.AdaptiveAvgPool1d(4), seq),
    (nn.AdaptiveAvgPool2d((3, None)), img),
    (nn.AdaptiveAvgPool2d(1), img),
    (nn.AdaptiveAvgPool3d((2, 2, 1)), vol),
    (nn.AdaptiveMaxPool1d(5), seq),
    (nn.AdaptiveMaxPool2d((2, 3)), img),
    (nn.LPPool1d(2, 3, stride=2), seq),
    (nn.LPPool2d(1.5, (2, 2)), img.abs()),
]
for pool, x in pools:
    y = pool(x)
    print(pool)
    print(' ', y.shape, y.grad_fn.name() if y.grad_fn is not None else None, round(y.sum().item(), 2))
img.grad = None
nn.MaxPool2d(3, stride=2, padding=1, ceil_mode=True)(img).sum().backward()
print(img.grad[0, 0])

mp = nn.MaxPool2d(2, return_indices=True)
out, idx = mp(torch.arange(16.).reshape(1, 1, 4, 4))
print(out, idx)
amp = nn.AdaptiveMaxPool2d(2, return_indices=True)
print(amp(torch.arange(16.).reshape(1, 1, 4, 4))[1])
unpool = nn.MaxUnpool2d(2)
print(unpool)
print(unpool(out, idx))
print(unpool(out, idx, output_size=[5, 5]).shape)
m1, i1 = nn.MaxPool1d(2, return_indices=True)(torch.tensor([[[1., 5., 2., 0., 7., 3.]]]))
print(nn.MaxUnpool1d(2)(m1, i1))
try:
    nn.LPPool2d(0, 2)
except ValueError as e:
    print('ValueError:', e)
try:
    nn.MaxPool2d(2)(torch.randn(2))
except RuntimeError as e:
    print('RuntimeError:', str(e).splitlines()[0])
