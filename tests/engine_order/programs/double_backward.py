# create_graph=True and a second derivative: the second backward runs
# through the nodes the first one recorded.
import torch

x = torch.tensor([0.5, 1.5, -2.0], requires_grad=True)
y = (x ** 3 + x.sin()).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
gg = g.sum()
gg.backward()
print(x.grad)
