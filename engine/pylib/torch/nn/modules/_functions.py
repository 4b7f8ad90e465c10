"""The autograd Function behind full backward module hooks: an identity on
the module's tensors whose node (BackwardHookFunctionBackward) is where the
hooks of torch.utils.hooks.BackwardHook attach."""
import torch


class BackwardHookFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, *args):
        # Tensors that do not require grad stay out of the graph, as in PyTorch.
        ctx.mark_non_differentiable(*[t for t in args if not t.requires_grad])
        return args

    @staticmethod
    def backward(ctx, *grads):
        return grads
