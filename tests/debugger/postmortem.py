import torch

x = torch.ones(4, requires_grad=True)
y = x.exp()
z = y * 2
y.add_(1)
z.sum().backward()
