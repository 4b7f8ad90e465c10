import torch
x = torch.ones(2)
y = torch.add(x, "two")
