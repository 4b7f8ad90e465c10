import torch
x = torch.ones(2)
y = x + undefined_thing_far_from_everything
