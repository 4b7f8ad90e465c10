"""torch.nn.functional's activations: each a thin def over the ATen op
PyTorch's own F calls (torch.X or torch._C._nn.X), choosing the in-place
op for inplace=True, so the graph holds the same nodes (ReluBackward0,
HardtanhBackward0, ...). The softmax family's implicit-dim warning points
at the caller as PyTorch's _stacklevel makes it."""

import warnings

import torch
import _backstep_nn_ops as _nn

# PyTorch's torch.legacy_contiguous_format: contiguous, whatever the input's
# strides (the noise is drawn in that order).
_LEGACY_CONTIGUOUS = torch.contiguous_format


# Named _threshold as PyTorch's is (its parameter `threshold` would hide
# the function): TypeErrors say '_threshold()'.
def _threshold(input, threshold, value, inplace=False):
    if inplace:
        return torch.threshold_(input, threshold, value)
    return torch.threshold(input, threshold, value)


threshold = _threshold


def relu(input, inplace=False):
    if inplace:
        return torch.relu_(input)
    return torch.relu(input)


def glu(input, dim=-1):
    if input.dim() == 0:
        raise RuntimeError('glu does not support scalars because halving size must be even')
    return _nn.glu(input, dim)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError('min_val cannot be greater than max_val')
    if inplace:
        return _nn.hardtanh_(input, min_val, max_val)
    return _nn.hardtanh(input, min_val, max_val)


def relu6(input, inplace=False):
    if inplace:
        return _nn.relu6_(input)
    return _nn.relu6(input)


def elu(input, alpha=1.0, inplace=False):
    if inplace:
        return _nn.elu_(input, alpha)
    return _nn.elu(input, alpha)


def selu(input, inplace=False):
    if inplace:
        return torch.selu_(input)
    return torch.selu(input)


def celu(input, alpha=1.0, inplace=False):
    if inplace:
        return torch.celu_(input, alpha)
    return torch.celu(input, alpha)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    if inplace:
        return _nn.leaky_relu_(input, negative_slope)
    return _nn.leaky_relu(input, negative_slope)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    if inplace:
        return torch.rrelu_(input, lower, upper, training)
    return torch.rrelu(input, lower, upper, training)


def tanhshrink(input):
    return input - input.tanh()


def softsign(input):
    return input / (input.abs() + 1)


def _get_softmax_dim(name, ndim, stacklevel):
    # stacklevel 3 (the default _stacklevel) names the line that called
    # F.softmax: this helper is 1, softmax 2.
    warnings.warn(f'Implicit dimension choice for {name} has been deprecated. '
                  'Change the call to include dim=X as an argument.', stacklevel=stacklevel)
    if ndim == 0 or ndim == 1 or ndim == 3:
        return 0
    return 1


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('softmin', input.dim(), _stacklevel)
    if dtype is None:
        return (-input).softmax(dim)
    return (-input).softmax(dim, dtype=dtype)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('softmax', input.dim(), _stacklevel)
    if dtype is None:
        return input.softmax(dim)
    return input.softmax(dim, dtype=dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('log_softmax', input.dim(), _stacklevel)
    if dtype is None:
        return input.log_softmax(dim)
    return input.log_softmax(dim, dtype=dtype)


def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    if eps != 1e-10:
        warnings.warn('`eps` parameter is deprecated and has no effect.', stacklevel=2)
    # -log(Exp(1)) draws Gumbel(0, 1) noise, one exponential per element.
    noise = -torch.empty_like(logits, memory_format=_LEGACY_CONTIGUOUS).exponential_().log()
    y_soft = ((logits + noise) / tau).softmax(dim)
    if not hard:
        return y_soft
    # Straight-through: the one-hot forward, the soft gradient.
    index = y_soft.max(dim, keepdim=True)[1]
    y_hard = torch.zeros_like(logits, memory_format=_LEGACY_CONTIGUOUS).scatter_(dim, index, 1.0)
    return y_hard - y_soft.detach() + y_soft


def tanh(input):
    return input.tanh()


def sigmoid(input):
    return input.sigmoid()


def hardsigmoid(input, inplace=False):
    if inplace:
        return _nn.hardsigmoid_(input)
    return _nn.hardsigmoid(input)


def silu(input, inplace=False):
    if inplace:
        return _nn.silu_(input)
    return _nn.silu(input)


def mish(input, inplace=False):
    if inplace:
        return _nn.mish_(input)
    return _nn.mish(input)


def hardswish(input, inplace=False):
    if inplace:
        return _nn.hardswish_(input)
    return _nn.hardswish(input)
