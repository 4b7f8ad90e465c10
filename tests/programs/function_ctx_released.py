# After Function.apply, the ctx lets go of what mark_dirty,
# mark_non_differentiable and save_for_backward were given (they read None),
# as PyTorch's apply does; saved_tensors still answers.
import torch
from torch.autograd import Function


class AddOneInplace(Function):
    @staticmethod
    def forward(ctx, x, y):
        x.add_(1)
        ctx.mark_dirty(x)
        z = y * 2
        ctx.mark_non_differentiable(z)
        ctx.save_for_backward(x)
        return x, z

    @staticmethod
    def backward(ctx, gx, gz):
        return gx * 3, None


h = torch.ones(2, requires_grad=True) * 1
r, z = AddOneInplace.apply(h, torch.ones(2))
ctx = r.grad_fn
for name in ("dirty_tensors", "non_differentiable", "to_save"):
    print(name, getattr(ctx, name))
print("saved", ctx.saved_tensors)
print(z.requires_grad, r is h)
r.sum().backward()
print("done")
