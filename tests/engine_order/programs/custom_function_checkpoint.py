# A small network mixing a custom autograd.Function with checkpointed
# segments (non-reentrant and reentrant): node names, edges and the engine
# order must be PyTorch's.
import torch
from torch.utils.checkpoint import checkpoint


class ScaledTanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale):
        y = torch.tanh(x * scale)
        ctx.scale = scale
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        return g * (1 - y * y) * ctx.scale, None


def segment(h, w):
    return ScaledTanh.apply(h @ w, 2.0) + h


torch.manual_seed(0)
w1 = torch.randn(3, 3, requires_grad=True)
w2 = torch.randn(3, 3, requires_grad=True)
x = torch.randn(2, 3, requires_grad=True)

h = checkpoint(segment, x, w1, use_reentrant=False)
h = checkpoint(segment, h, w2, use_reentrant=True)
loss = ScaledTanh.apply(h, 0.5).pow(2).mean()
loss.backward()
print(x.grad)
print(w1.grad)
print(w2.grad)
