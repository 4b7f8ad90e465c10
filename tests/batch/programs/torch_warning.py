import torch

x = torch.arange(3.)
out = torch.zeros(2)
torch.add(x, x, out=out)
print('after')
