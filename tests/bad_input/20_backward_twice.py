import torch
x = torch.ones(3, requires_grad=True)
y = (x.exp() * 2).sum()
y.backward()
y.backward()
