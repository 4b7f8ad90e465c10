"""Padding layers: each stores its padding as the tuple F.pad takes (last
dimension first) and calls F.pad with its mode."""
import torch.nn.functional as F
from torch.nn.modules.module import Module
from torch.nn._functional_utils import _ntuple, _pair

__all__ = ['CircularPad1d', 'CircularPad2d', 'CircularPad3d', 'ConstantPad1d', 'ConstantPad2d',
           'ConstantPad3d', 'ReflectionPad1d', 'ReflectionPad2d', 'ReflectionPad3d', 'ReplicationPad1d',
           'ReplicationPad2d', 'ReplicationPad3d', 'ZeroPad1d', 'ZeroPad2d', 'ZeroPad3d']

_quadruple = _ntuple(4, '_quadruple')
_sextuple = _ntuple(6, '_sextuple')


class _CircularPadNd(Module):
    __constants__ = ['padding']
    _batched_dim = 0

    def __init__(self, padding):
        super().__init__()
        self.padding = self._ntuple(padding)

    def _check_input_dim(self, input):
        n = self._batched_dim
        if input.dim() != n - 1 and input.dim() != n:
            raise ValueError(f'expected {n - 1}D or {n}D input (got {input.dim()}D input)')

    def forward(self, input):
        self._check_input_dim(input)
        return F.pad(input, self.padding, 'circular')

    def extra_repr(self):
        return f'{self.padding}'


class CircularPad1d(_CircularPadNd):
    _batched_dim = 3
    _ntuple = staticmethod(_pair)


class CircularPad2d(_CircularPadNd):
    _batched_dim = 4
    _ntuple = staticmethod(_quadruple)


class CircularPad3d(_CircularPadNd):
    _batched_dim = 5
    _ntuple = staticmethod(_sextuple)


class _ConstantPadNd(Module):
    __constants__ = ['padding', 'value']

    def __init__(self, padding, value):
        super().__init__()
        self.value = value
        self.padding = self._ntuple(padding)

    def forward(self, input):
        return F.pad(input, self.padding, 'constant', self.value)

    def extra_repr(self):
        return f'padding={self.padding}, value={self.value}'


class ConstantPad1d(_ConstantPadNd):
    _ntuple = staticmethod(_pair)


class ConstantPad2d(_ConstantPadNd):
    _ntuple = staticmethod(_quadruple)


class ConstantPad3d(_ConstantPadNd):
    _ntuple = staticmethod(_sextuple)


class _ModePadNd(Module):
    __constants__ = ['padding']

    def __init__(self, padding):
        super().__init__()
        self.padding = self._ntuple(padding)

    def forward(self, input):
        return F.pad(input, self.padding, self._mode)

    def extra_repr(self):
        return f'{self.padding}'


class ReflectionPad1d(_ModePadNd):
    _mode = 'reflect'
    _ntuple = staticmethod(_pair)


class ReflectionPad2d(_ModePadNd):
    _mode = 'reflect'
    _ntuple = staticmethod(_quadruple)


class ReflectionPad3d(_ModePadNd):
    _mode = 'reflect'
    _ntuple = staticmethod(_sextuple)


class ReplicationPad1d(_ModePadNd):
    _mode = 'replicate'
    _ntuple = staticmethod(_pair)


class ReplicationPad2d(_ModePadNd):
    _mode = 'replicate'
    _ntuple = staticmethod(_quadruple)


class ReplicationPad3d(_ModePadNd):
    _mode = 'replicate'
    _ntuple = staticmethod(_sextuple)


class ZeroPad1d(ConstantPad1d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f'{self.padding}'


class ZeroPad2d(ConstantPad2d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f'{self.padding}'


class ZeroPad3d(ConstantPad3d):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f'{self.padding}'
