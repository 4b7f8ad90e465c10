import torch
from torch import nn

model = nn.Linear(3, 1)
optimizer = torch.optim.LBFGS(model.parameters())
model(torch.ones(2, 3)).sum().backward()
optimizer.step()
