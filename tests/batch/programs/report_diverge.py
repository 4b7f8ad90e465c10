# A learning rate ten times too high, with momentum: the loss grows, is
# infinite at step 5, and the gradients are NaN after (tests/batch
# report tests: the report's plots, its NaN/Inf marks and its graph links).
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.5, momentum=0.9)
x = torch.randn(32, 4)
y = x.sum(dim=1, keepdim=True) * 3
losses = []
for i in range(60):
    optimizer.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    optimizer.step()
    losses.append(loss.item())
print(repr(losses))
