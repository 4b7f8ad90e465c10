import torch
x = torch.ones(3
y = x * 2
