# 2,500 steps of a tiny model: the report's series are downsampled (at most
# 1,000 points: 4 steps a point) and only a few graphs are kept.
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(8, 2)
y = torch.randn(8, 1)
for i in range(2500):
    optimizer.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
print(loss.item())
