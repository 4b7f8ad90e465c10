import torch
from torch import nn

model = nn.Sequential(nn.Linear(4, 3), nn.ReLU())
out = model(torch.ones(2, 5))
