import torch
x = torch.ones(3, requires_grad=True)
y = x.sigmoid()
z = y * 2
y.mul_(3)
z.sum().backward()
