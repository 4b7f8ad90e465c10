import torch
x = torch.frobnicate(torch.ones(2))
