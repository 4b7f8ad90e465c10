# Stepping through a graph that holds a custom autograd.Function: its node
# pauses like any other, and :next runs its backward (script code) through
# while the debugger drives the backward from a worker thread.
import torch


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        print("Square.backward got", grad)
        return 2 * x * grad


w = torch.tensor([1.0, -2.0], requires_grad=True)
h = w * 3
s = Square.apply(h)
loss = (s + 1).sum()
loss.backward()
print("w.grad =", w.grad)
