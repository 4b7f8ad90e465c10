# Stepping into a custom autograd.Function's backward: :step at its node
# enters the script's own `backward` (pdb's step into a call), :step walks
# its lines, :finish leaves it and pauses at the next node.
import torch


class ScaledTanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale):
        y = torch.tanh(x * scale)
        ctx.save_for_backward(y)
        ctx.scale = scale
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        slope = ctx.scale * (1 - y * y)
        grad_x = grad_output * slope
        return grad_x, None


w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
h = w * 3
out = ScaledTanh.apply(h, 0.5)
loss = (out * out).sum()
loss.backward()
print("w.grad =", w.grad)
