# Normalisation modules: a small CNN with BatchNorm2d trained three steps
# with a hand-written SGD update (losses, running statistics, gradients),
# eval mode, momentum=None, track_running_stats=False, affine=False,
# LayerNorm, GroupNorm, InstanceNorm, LocalResponseNorm, RMSNorm, errors.
import torch
from torch import nn


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(4, 6, 3, bias=False), nn.BatchNorm2d(6, momentum=None), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
        )
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(6, 8), nn.BatchNorm1d(8), nn.Linear(8, 3))

    def forward(self, x):
        return self.head(self.features(x))


torch.manual_seed(0)
model = SmallCNN()
print(model)
x = torch.randn(4, 1, 8, 8)
target = torch.tensor([0, 2, 1, 2])
loss_fn = nn.CrossEntropyLoss()
for step in range(3):
    loss = loss_fn(model(x), target)
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= 0.1 * p.grad
    print(step, round(loss.item(), 4))
bn, bn2, bn1 = model.features[1], model.features[5], model.head[2]
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
print(bn2.running_mean.round(decimals=4), bn2.running_var.round(decimals=4), bn2.num_batches_tracked)
print(bn1.running_mean.round(decimals=4))
print(bn.weight.grad.round(decimals=3), bn.bias.grad.round(decimals=3))
# Three decimals: at four, -0.21615 sat on the rounding edge (a few float32
# ulps apart in real PyTorch on two machines, an AMD EPYC one of them).
print(model.head[3].weight.grad.round(decimals=3))
print(sorted(model.state_dict().keys()))
model.eval()
with torch.no_grad():
    out = model(x)
print(out.round(decimals=4))
print(bn.num_batches_tracked)
model.train()

torch.manual_seed(1)
b = torch.randn(6, 3, 5, requires_grad=True)
for norm in [nn.BatchNorm1d(3, eps=1e-3, momentum=0.3), nn.BatchNorm1d(3, affine=False),
             nn.BatchNorm1d(3, track_running_stats=False), nn.BatchNorm1d(3, bias=False)]:
    print(norm)
    y = norm(b)
    print(y.grad_fn.name(), y[0, :, :2], norm.running_mean, [n for n, _ in norm.named_parameters()])
    y.pow(3).sum().backward()
print(b.grad[0])
norm.eval()
print(norm(b)[1, :, :3])
nt = nn.BatchNorm1d(3, track_running_stats=False).eval()
print(nt(b)[1, :, 0], nt.running_mean)
b3 = nn.BatchNorm3d(2)
print(b3, b3(torch.randn(2, 2, 2, 2, 2)).shape, b3.running_var)

torch.manual_seed(2)
h = torch.randn(2, 3, 4, requires_grad=True)
for norm in [nn.LayerNorm(4), nn.LayerNorm([3, 4], eps=1e-6, elementwise_affine=False),
             nn.LayerNorm(4, bias=False), nn.GroupNorm(1, 3), nn.GroupNorm(3, 3, affine=False),
             nn.InstanceNorm1d(3), nn.InstanceNorm1d(3, affine=True, track_running_stats=True),
             nn.LocalResponseNorm(2), nn.RMSNorm(4), nn.RMSNorm([3, 4], eps=1e-5, elementwise_affine=False)]:
    print(norm)
    y = norm(h)
    print(' ', y.grad_fn.name(), y[1, 0])
    y.pow(2).mul(torch.arange(4.)).sum().backward()
print(h.grad)
inorm = nn.InstanceNorm1d(3, affine=True, track_running_stats=True)
inorm(h)
print(inorm.running_mean, inorm.running_var, inorm.num_batches_tracked)
inorm.eval()
print(inorm(h)[0, 0])
print(inorm(h[0])[0])
g2 = nn.GroupNorm(2, 4)
print(g2(torch.arange(32.).reshape(2, 4, 2, 2))[1, 3])
in2 = nn.InstanceNorm2d(2)
print(in2, in2(torch.arange(8.).reshape(1, 2, 2, 2))[0, 1])
print(nn.LocalResponseNorm(3, alpha=0.1, beta=0.5, k=2.0)(torch.arange(16.).reshape(1, 4, 2, 2))[0, 2])

bad = [
    lambda: nn.BatchNorm2d(3)(torch.randn(2, 3)),
    lambda: nn.BatchNorm1d(3)(torch.randn(2, 3, 4, 4)),
    lambda: nn.GroupNorm(2, 3),
    lambda: nn.InstanceNorm1d(3, affine=True)(torch.randn(2, 4, 5)),
    lambda: nn.InstanceNorm2d(3)(torch.randn(3, 4)),
]
for make in bad:
    try:
        make()
    except ValueError as e:
        print('ValueError:', e)
try:
    nn.LayerNorm(5)(torch.randn(2, 4))
except RuntimeError as e:
    print('RuntimeError:', e)
