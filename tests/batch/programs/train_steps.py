# Three optimizer steps, then one more backward after the last step: the
# trace's `step` and `loss` fields, and the summary trace's records.
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 3)
y = torch.randn(4, 1)
losses = []
for i in range(3):
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    losses.append(loss.item())
    opt.step()
loss = ((model(x) - y) ** 2).mean()
loss.backward()
losses.append(loss.item())
print(repr(losses))
