import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
x = torch.randn(8, 3)
y = torch.randn(8, 1)
for i in range(5):
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
print("done", round(loss.item(), 4))
