import torch
from torch import nn

model = nn.Linear(3, 1)
scheduler = torch.optim.lr_scheduler.StepLR(model, step_size=10)
