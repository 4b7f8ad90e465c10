# One backward() and one autograd.grad(), for the trace and graph files.
import torch

x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
y = (x * 2).sin().sum()
y.backward()
g, = torch.autograd.grad((x * x).sum(), x)
print(x.grad)
print(g)
