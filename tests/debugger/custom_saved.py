# Issue 15 item 2: :saved saved_tensors on a custom Function's node.
import torch


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 2 * x * grad


w = torch.tensor([1.0, -2.0], requires_grad=True)
s = Square.apply(w * 3)
s.sum().backward()
print("w.grad =", w.grad)
