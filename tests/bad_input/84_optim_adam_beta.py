import torch
from torch import nn

model = nn.Linear(3, 1)
optimizer = torch.optim.Adam(
    model.parameters(),
    betas=(0.9, 1.5),
)
