"""Identity, Linear, Bilinear (and LazyLinear, which infers in_features)."""
import math

import torch
import torch.nn.functional as F
from torch.nn import init
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module
from torch.nn.modules import _lazy

__all__ = ['Bilinear', 'Identity', 'LazyLinear', 'Linear', 'NonDynamicallyQuantizableLinear']


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    __constants__ = ['in_features', 'out_features']

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty((out_features, in_features), device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_features, device=device, dtype=dtype))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f'in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}'


class Bilinear(Module):
    __constants__ = ['in1_features', 'in2_features', 'out_features']

    def __init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in1_features = in1_features
        self.in2_features = in2_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty((out_features, in1_features, in2_features), device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_features, device=device, dtype=dtype))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        if self.in1_features <= 0:
            raise ValueError(f'in1_features must be > 0, but got (in1_features={self.in1_features})')
        bound = 1 / math.sqrt(self.weight.size(1))
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input1, input2):
        return F.bilinear(input1, input2, self.weight, self.bias)

    def extra_repr(self):
        return (f'in1_features={self.in1_features}, in2_features={self.in2_features}, '
                f'out_features={self.out_features}, bias={self.bias is not None}')


class LazyLinear(Linear):
    """A Linear whose in_features comes from the first input; it then
    becomes a Linear (its class changes, as PyTorch's cls_to_become).
    Until then weight and bias are placeholders that print as PyTorch's
    UninitializedParameter (Note [lazy placeholders] in _lazy.py)."""

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        super().__init__(0, 0, False)
        self._lazy_factory = (device, dtype)
        self.weight = _lazy.placeholder_parameter(device, dtype)
        self.out_features = out_features
        if bias:
            self.bias = _lazy.placeholder_parameter(device, dtype)

    def reset_parameters(self):
        if self.in_features != 0:
            super().reset_parameters()

    def forward(self, input):
        if self.in_features == 0:
            device, dtype = self._lazy_factory
            with torch.no_grad():
                self.in_features = input.shape[-1]
                self.weight = Parameter(torch.empty((self.out_features, self.in_features), device=device, dtype=dtype))
                if self.bias is not None:
                    self.bias = Parameter(torch.empty(self.out_features, device=device, dtype=dtype))
                self.reset_parameters()
            del self._lazy_factory
            self.__class__ = Linear
        return F.linear(input, self.weight, self.bias)


class NonDynamicallyQuantizableLinear(Linear):
    """The Linear MultiheadAttention uses for out_proj (its own name shows in reprs)."""

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__(in_features, out_features, bias=bias, device=device, dtype=dtype)
