# Double backward through a custom Function whose backward is itself
# differentiable: create_graph=True records the backward's operations.
import torch
from torch.autograd import Function


class Cube(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * 3 * x ** 2


x = torch.tensor([1.0, 2.0, -1.5], requires_grad=True)
y = Cube.apply(x)
(dx,) = torch.autograd.grad(y.sum(), x, create_graph=True)
print(dx, dx.grad_fn.name())
(ddx,) = torch.autograd.grad(dx.sum(), x, create_graph=True)
print(ddx)
(dddx,) = torch.autograd.grad(ddx.sum(), x)
print(dddx)


class MulAdd(Function):
    # two tensor inputs, a differentiable backward using both saved inputs
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b + a

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * (b + 1), g * a


a = torch.tensor([0.5, 2.0], requires_grad=True)
b = torch.tensor([3.0, -1.0], requires_grad=True)
out = MulAdd.apply(a, b)
ga, gb = torch.autograd.grad(out.sum(), (a, b), create_graph=True)
print(ga, gb)
print(ga.grad_fn.name(), gb.grad_fn.name())
(ga * gb).sum().backward()
print(a.grad, b.grad)

# gradgradcheck agrees with the analytic double backward
xd = torch.tensor([0.3, -0.7], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(Cube.apply, (xd,)))
print(torch.autograd.gradgradcheck(Cube.apply, (xd,)))

# backward of the Function called from inside a second-order graph
z = torch.tensor([1.0, 3.0], requires_grad=True)
w = Cube.apply(z * 2).sum()
(gz,) = torch.autograd.grad(w, z, create_graph=True)
gz.pow(2).sum().backward()
print(gz, z.grad)
