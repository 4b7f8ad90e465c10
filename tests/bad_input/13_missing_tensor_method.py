import torch
x = torch.ones(2)
y = x.frobnicate()
