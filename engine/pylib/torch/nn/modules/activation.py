"""Activation modules: each calls the torch.nn.functional function (or torch
op) PyTorch's module calls, with its defaults and extra_repr.

`inplace` is passed only when it is True (F's default is False): the same
call for PyTorch's F, and one that F implementations without the flag
accept too."""
import warnings

import torch
import torch.nn.functional as F
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module

__all__ = ['Threshold', 'ReLU', 'RReLU', 'Hardtanh', 'ReLU6', 'Sigmoid', 'Hardsigmoid', 'Tanh', 'SiLU', 'Mish',
           'Hardswish', 'ELU', 'CELU', 'SELU', 'GLU', 'GELU', 'Hardshrink', 'LeakyReLU', 'LogSigmoid', 'Softplus',
           'Softshrink', 'PReLU', 'Softsign', 'Tanhshrink', 'Softmin', 'Softmax', 'Softmax2d', 'LogSoftmax']


def _inplace_suffix(inplace):
    return ', inplace=True' if inplace else ''


class _Inplace(Module):
    """An activation whose only option is inplace (ReLU, SiLU, SELU, ...)."""
    __constants__ = ['inplace']

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class Threshold(Module):
    __constants__ = ['threshold', 'value', 'inplace']

    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def forward(self, input):
        if self.inplace:
            return F.threshold(input, self.threshold, self.value, inplace=True)
        return F.threshold(input, self.threshold, self.value)

    def extra_repr(self):
        return f'threshold={self.threshold}, value={self.value}{_inplace_suffix(self.inplace)}'


class ReLU(_Inplace):
    def forward(self, input):
        if self.inplace:
            return F.relu(input, inplace=True)
        return F.relu(input)


class RReLU(Module):
    __constants__ = ['lower', 'upper', 'inplace']

    def __init__(self, lower=1.0 / 8, upper=1.0 / 3, inplace=False):
        super().__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input):
        if self.inplace:
            return F.rrelu(input, self.lower, self.upper, self.training, inplace=True)
        return F.rrelu(input, self.lower, self.upper, self.training)

    def extra_repr(self):
        return f'lower={self.lower}, upper={self.upper}{_inplace_suffix(self.inplace)}'


class Hardtanh(Module):
    __constants__ = ['min_val', 'max_val', 'inplace']

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False, min_value=None, max_value=None):
        super().__init__()
        if min_value is not None:
            warnings.warn('keyword argument `min_value` is deprecated and renamed to `min_val`',
                          FutureWarning, stacklevel=2)
            min_val = min_value
        if max_value is not None:
            warnings.warn('keyword argument `max_value` is deprecated and renamed to `max_val`',
                          FutureWarning, stacklevel=2)
            max_val = max_value
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace
        if self.max_val <= self.min_val:
            raise AssertionError(f'max_val ({self.max_val}) must be greater than min_val ({self.min_val})')

    def forward(self, input):
        if self.inplace:
            return F.hardtanh(input, self.min_val, self.max_val, inplace=True)
        return F.hardtanh(input, self.min_val, self.max_val)

    def extra_repr(self):
        return f'min_val={self.min_val}, max_val={self.max_val}{_inplace_suffix(self.inplace)}'


class ReLU6(Hardtanh):
    def __init__(self, inplace=False):
        super().__init__(0.0, 6.0, inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class Sigmoid(Module):
    def forward(self, input):
        return torch.sigmoid(input)


class Hardsigmoid(_Inplace):
    def forward(self, input):
        if self.inplace:
            return F.hardsigmoid(input, inplace=True)
        return F.hardsigmoid(input)

    def extra_repr(self):
        return ''


class Tanh(Module):
    def forward(self, input):
        return torch.tanh(input)


class SiLU(_Inplace):
    def forward(self, input):
        if self.inplace:
            return F.silu(input, inplace=True)
        return F.silu(input)


class Mish(_Inplace):
    def forward(self, input):
        if self.inplace:
            return F.mish(input, inplace=True)
        return F.mish(input)


class Hardswish(_Inplace):
    def forward(self, input):
        if self.inplace:
            return F.hardswish(input, inplace=True)
        return F.hardswish(input)

    def extra_repr(self):
        return ''


class ELU(Module):
    __constants__ = ['alpha', 'inplace']

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        if self.inplace:
            return F.elu(input, self.alpha, inplace=True)
        return F.elu(input, self.alpha)

    def extra_repr(self):
        return f'alpha={self.alpha}{_inplace_suffix(self.inplace)}'


class CELU(Module):
    __constants__ = ['alpha', 'inplace']

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        if self.inplace:
            return F.celu(input, self.alpha, inplace=True)
        return F.celu(input, self.alpha)

    def extra_repr(self):
        return f'alpha={self.alpha}{_inplace_suffix(self.inplace)}'


class SELU(_Inplace):
    def forward(self, input):
        if self.inplace:
            return F.selu(input, inplace=True)
        return F.selu(input)


class GLU(Module):
    __constants__ = ['dim']

    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.glu(input, self.dim)

    def extra_repr(self):
        return f'dim={self.dim}'


class GELU(Module):
    __constants__ = ['approximate']

    def __init__(self, approximate='none'):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return F.gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return f'approximate={repr(self.approximate)}'


class Hardshrink(Module):
    __constants__ = ['lambd']

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.hardshrink(input, self.lambd)

    def extra_repr(self):
        return f'{self.lambd}'


class LeakyReLU(Module):
    __constants__ = ['inplace', 'negative_slope']

    def __init__(self, negative_slope=1e-2, inplace=False):
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        if self.inplace:
            return F.leaky_relu(input, self.negative_slope, inplace=True)
        return F.leaky_relu(input, self.negative_slope)

    def extra_repr(self):
        return f'negative_slope={self.negative_slope}{_inplace_suffix(self.inplace)}'


class LogSigmoid(Module):
    def forward(self, input):
        return F.logsigmoid(input)


class Softplus(Module):
    __constants__ = ['beta', 'threshold']

    def __init__(self, beta=1.0, threshold=20.0):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input):
        return F.softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return f'beta={self.beta}, threshold={self.threshold}'


class Softshrink(Module):
    __constants__ = ['lambd']

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return F.softshrink(input, self.lambd)

    def extra_repr(self):
        return str(self.lambd)


class PReLU(Module):
    __constants__ = ['num_parameters']

    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        self.num_parameters = num_parameters
        super().__init__()
        self.init = init
        self.weight = Parameter(torch.empty(num_parameters, device=device, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self):
        torch.nn.init.constant_(self.weight, self.init)

    def forward(self, input):
        return F.prelu(input, self.weight)

    def extra_repr(self):
        return f'num_parameters={self.num_parameters}'


class Softsign(Module):
    def forward(self, input):
        return F.softsign(input)


class Tanhshrink(Module):
    def forward(self, input):
        return F.tanhshrink(input)


def _check_dim(dim):
    if dim is not None and (not isinstance(dim, int) or isinstance(dim, bool)):
        raise TypeError(f'dim must be an int or None, got {type(dim)}')


class Softmin(Module):
    __constants__ = ['dim']

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmin(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return f'dim={self.dim}'


class Softmax(Module):
    __constants__ = ['dim']

    def __init__(self, dim=None):
        _check_dim(dim)
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.softmax(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return f'dim={self.dim}'


class Softmax2d(Module):
    def forward(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f'Softmax2d: expected input to be 3D or 4D, got {input.dim()}D instead')
        return F.softmax(input, -3, _stacklevel=5)


class LogSoftmax(Module):
    __constants__ = ['dim']

    def __init__(self, dim=None):
        _check_dim(dim)
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return F.log_softmax(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return f'dim={self.dim}'


# PyTorch defines MultiheadAttention in this module; ours lives in multihead.py.
from torch.nn.modules.multihead import MultiheadAttention  # noqa: E402
