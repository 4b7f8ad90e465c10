import torch
x = torch.ones(4)
print(x[10])
