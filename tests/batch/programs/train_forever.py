# A training loop that never ends: killed from outside, its streamed trace
# must be readable up to the last complete line.
import torch
from torch import nn

model = nn.Linear(8, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(16, 8)
y = torch.randn(16, 1)
while True:
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
