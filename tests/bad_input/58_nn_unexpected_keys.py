import torch
from torch import nn

model = nn.Linear(2, 2)
state = model.state_dict()
state['scale'] = torch.ones(1)
del state['bias']
model.load_state_dict(state)
