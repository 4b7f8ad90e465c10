# Stepping through the backward variants: several roots, autograd.grad,
# create_graph (double backward), a retain_graph re-run.
import torch

a = torch.tensor([1., 2.], requires_grad=True)
b = a * a
c = a.sin()
torch.autograd.backward([b.sum(), c.sum()])
print("two roots:", a.grad)
g, = torch.autograd.grad((a ** 3).sum(), a, create_graph=True)
print("grad:", g)
g.sum().backward()
print("double backward:", a.grad)
