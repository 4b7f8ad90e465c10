# A line breakpoint inside a custom autograd.Function's backward pauses
# there; :bt shows the backward's frame above the node that runs it, and a
# step past the backward's end pauses at the next node of the backward pass.
import torch
from torch.autograd.function import once_differentiable


class Clamp01(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(0, 1)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        inside = (x >= 0) & (x <= 1)
        return grad_output * inside


x = torch.tensor([-0.5, 0.25, 0.75, 1.5], requires_grad=True)
y = Clamp01.apply(x * 2)
y.sum().backward()
print("x.grad =", x.grad)
