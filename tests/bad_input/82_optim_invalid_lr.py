import torch
from torch import nn

model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=-0.1, momentum=0.9)
