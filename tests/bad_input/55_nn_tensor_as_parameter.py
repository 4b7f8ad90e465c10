import torch
from torch import nn

layer = nn.Linear(2, 2)
layer.weight = torch.zeros(2, 2)
