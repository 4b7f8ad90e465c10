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


class CrossMapLRN2d(torch.autograd.Function):
    """Local response normalisation across channels (the legacy Lua-torch
    layer): scale = k + alpha/size * (running sum of squares over a channel
    window), output = input * scale**-beta. The window is the legacy one,
    built incrementally from channel 0, so its edges are not symmetric; the
    backward is the legacy one too (the node is CrossMapLRN2dBackward)."""

    @staticmethod
    def forward(ctx, input, size, alpha=1e-4, beta=0.75, k=1):
        ctx.size, ctx.alpha, ctx.beta, ctx.k = size, alpha, beta, k
        if input.dim() != 4:
            raise ValueError(f'CrossMapLRN2d: Expected input to be 4D, got {input.dim()}D instead.')
        channels = input.size(1)
        squares = input.pow(2)
        scale = torch.empty_like(input)
        pre_pad = int((size - 1) / 2 + 1)
        first = scale.select(1, 0)
        first.zero_()
        for c in range(min(pre_pad, channels)):
            first.add_(squares.select(1, c))
        for c in range(1, channels):
            current = scale.select(1, c)
            current.copy_(scale.select(1, c - 1))
            if c < channels - pre_pad + 1:
                current.add_(squares.select(1, c + pre_pad - 1))
            if c > pre_pad:
                current.sub_(squares.select(1, c - pre_pad))
        scale.mul_(alpha / size).add_(k)
        output = scale.pow(-beta).mul_(input)
        ctx.scale = scale
        ctx.save_for_backward(input, output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, output = ctx.saved_tensors
        size, channels = ctx.size, input.size(1)
        grad_input = ctx.scale.pow(-ctx.beta).mul_(grad_output)
        # ratio = grad_output * output / scale, padded by size - 1 zero
        # channels so that a window of `size` slides over it.
        padded = input.new_zeros((input.size(0), channels + size - 1, input.size(2), input.size(3)))
        center = int(size - (size - 1) / 2)
        padded.narrow(1, center, channels).copy_(grad_output * output / ctx.scale)
        accum = padded.narrow(1, 0, size - 1).sum(1)
        coeff = 2 * ctx.alpha * ctx.beta / size
        for c in range(channels):
            accum.add_(padded.select(1, c + size - 1))
            grad_input.select(1, c).addcmul_(input.select(1, c), accum, value=-coeff)
            accum.sub_(padded.select(1, c))
        return grad_input, None, None, None, None
