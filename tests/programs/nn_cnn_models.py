# Realistic small CNNs built from the layer modules: a residual block with
# ResNet-style init through Module.apply, a tiny U-Net-like encoder/decoder
# with ConvTranspose2d and Upsample, one SGD step each; graph names,
# parameter counts and gradients as PyTorch's.
import torch
from torch import nn
import torch.nn.functional as F


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.shortcut = nn.Sequential()
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(nn.Conv2d(cin, cout, 1, stride=stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return F.relu(out + self.shortcut(x))


def init_weights(m):
    if isinstance(m, nn.Conv2d):
        nn.init.kaiming_normal_(m.weight, mode='fan_out', nonlinearity='relu')
    elif isinstance(m, (nn.BatchNorm2d, nn.GroupNorm)):
        nn.init.constant_(m.weight, 1)
        nn.init.constant_(m.bias, 0)


torch.manual_seed(0)
net = nn.Sequential(BasicBlock(3, 4), BasicBlock(4, 8, stride=2), nn.AdaptiveAvgPool2d((1, 1)),
                    nn.Flatten(), nn.Linear(8, 2))
net.apply(init_weights)
print(net)
print(sum(p.numel() for p in net.parameters()), len(list(net.buffers())))
x = torch.randn(2, 3, 8, 8)
loss = F.cross_entropy(net(x), torch.tensor([1, 0]))
loss.backward()
print(round(loss.item(), 4), loss.grad_fn.name(), loss.grad_fn.next_functions[0][0].name())
print(net[1].shortcut[0].weight.grad.flatten()[:5].round(decimals=4))
print(net[0].bn1.weight.grad.round(decimals=4))
with torch.no_grad():
    for p in net.parameters():
        p.add_(p.grad, alpha=-0.05)
net.eval()
print(net(x).round(decimals=4))


class TinyUNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.GroupNorm(2, 4), nn.SiLU())
        self.pool = nn.MaxPool2d(2)
        self.mid = nn.Sequential(nn.Conv2d(4, 8, 3, padding=1, padding_mode='reflect'), nn.LayerNorm([8, 4, 4]))
        self.up = nn.ConvTranspose2d(8, 4, 2, stride=2)
        self.up2 = nn.Upsample(scale_factor=2, mode='bilinear', align_corners=False)
        self.out = nn.Conv2d(12, 1, 1)

    def forward(self, x):
        d = self.down(x)
        m = self.mid(self.pool(d))
        return self.out(torch.cat([d, self.up(m), self.up2(m)[:, :4]], dim=1))


torch.manual_seed(3)
unet = TinyUNet()
print(unet)
img = torch.randn(2, 1, 8, 8)
y = unet(img)
print(y.shape, y.grad_fn.name())
loss = F.mse_loss(y, img)
loss.backward()
print(round(loss.item(), 4))
print(unet.up.weight.grad[0, 0].round(decimals=4), unet.mid[1].weight.grad.shape)
print([(n, tuple(p.grad.shape)) for n, p in unet.named_parameters()][:6])
