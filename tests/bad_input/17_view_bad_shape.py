import torch
x = torch.arange(6)
y = x.view(4, 2)
