import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=5.0, momentum=0.9)  # far too high: diverges within a few steps
x = torch.randn(32, 4)
y = x.sum(dim=1, keepdim=True) * 3
for i in range(60):
    optimizer.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
    if i % 5 == 0:
        print(i, f"{loss.item():.6g}")  # 6 digits: the last ones differ between CPUs
print("final loss", loss.item())
