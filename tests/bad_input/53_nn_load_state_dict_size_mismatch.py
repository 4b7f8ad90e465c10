import torch
from torch import nn

model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
checkpoint = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2)).state_dict()
model.load_state_dict(checkpoint)
