# torch.autograd.functional.jacobian and hessian with vectorize=True: every
# row from one backward with batched gradients (autograd.grad's
# is_grads_batched), as PyTorch computes them.
import torch
from torch.autograd.functional import jacobian, hessian


def f(x):
    return x.exp() * x.sum()


x = torch.tensor([0.5, -1.0, 2.0])
print(jacobian(f, x, vectorize=True))
print(torch.allclose(jacobian(f, x, vectorize=True), jacobian(f, x)))


def two(a, b):
    return a * b, (a ** 2).sum() + b[0]


a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, -1.0])
for block in jacobian(two, (a, b), vectorize=True):
    print(block)
print(jacobian(lambda t: t.sin(), torch.tensor([[0.0, 1.0], [2.0, 3.0]]), vectorize=True).shape)
print(jacobian(lambda t: torch.ones(2) * 3.0, a, vectorize=True))
j = jacobian(lambda t: (t ** 3).sum(), a, create_graph=True, vectorize=True)
print(j, j.requires_grad)


def energy(x):
    return (x ** 3).sum() + x[0] * x[1]


print(hessian(energy, torch.tensor([1.0, 2.0]), vectorize=True))
print(hessian(lambda p, q: (p * q).sum() + (p ** 2).sum(), (a, b), vectorize=True))
try:
    jacobian(f, x, vectorize=True, strict=True)
except RuntimeError as e:
    print("RuntimeError:", e)
g = torch.tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]])
y = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z = y * y
print(torch.autograd.grad(z, y, g, is_grads_batched=True))
try:
    torch.autograd.grad(z, y, torch.ones(2, 4), is_grads_batched=True)
except RuntimeError as e:
    print("RuntimeError:", e)
