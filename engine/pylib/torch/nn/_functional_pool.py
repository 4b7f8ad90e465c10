"""torch.nn.functional's pooling: max / avg / lp / adaptive / fractional
pools, max_unpool, unfold and fold, over the ATen ops PyTorch's F calls
(max_pool2d returns indices through max_pool2d_with_indices only when
asked, as boolean_dispatch chooses in PyTorch)."""

import torch
import _backstep_nn_ops as _nn
from torch.nn._functional_utils import _single, _pair, _triple, _list_with_default, boolean_dispatch

avg_pool1d = torch.avg_pool1d
avg_pool2d = _nn.avg_pool2d
avg_pool3d = _nn.avg_pool3d
adaptive_avg_pool1d = torch.adaptive_avg_pool1d


def _stride_or_empty(stride):
    return [] if stride is None else stride


# --- max pools ---------------------------------------------------------------

def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return torch.max_pool1d_with_indices(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


def _max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return torch.max_pool1d(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return _nn.max_pool2d_with_indices(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


def _max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return torch.max_pool2d(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return _nn.max_pool3d_with_indices(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


def _max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return torch.max_pool3d(input, kernel_size, _stride_or_empty(stride), padding, dilation, ceil_mode)


max_pool1d = boolean_dispatch('return_indices', 6, False, max_pool1d_with_indices, _max_pool1d,
                              'torch.nn.functional', 'max_pool1d')
max_pool2d = boolean_dispatch('return_indices', 6, False, max_pool2d_with_indices, _max_pool2d,
                              'torch.nn.functional', 'max_pool2d')
max_pool3d = boolean_dispatch('return_indices', 6, False, max_pool3d_with_indices, _max_pool3d,
                              'torch.nn.functional', 'max_pool3d')


# --- fractional max pools: one uniform sample per (batch, channel, dim) -------

def _fractional_output_size(name, input, output_size, output_ratio, n):
    if output_size is None and output_ratio is None:
        raise ValueError(f'{name} requires specifying either an output_size or an output_ratio')
    if output_size is not None:
        return output_size
    if n == 2 and isinstance(output_ratio, (list, tuple)) and len(output_ratio) > 2:
        raise ValueError('fractional_max_pool2d requires output_ratio to either be a single Int or tuple of Ints.')
    ratio = _pair(output_ratio) if n == 2 else _triple(output_ratio)
    return [int(input.size(i - n) * ratio[i]) for i in range(n)]


def fractional_max_pool2d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    output_size = _fractional_output_size('fractional_max_pool2d', input, output_size, output_ratio, 2)
    if _random_samples is None:
        n_batch = 1 if input.dim() == 3 else input.size(0)
        _random_samples = torch.rand(n_batch, input.size(-3), 2, dtype=input.dtype, device=input.device)
    return _nn.fractional_max_pool2d(input, kernel_size, output_size, _random_samples)


def _fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                           _random_samples=None):
    return fractional_max_pool2d_with_indices(input, kernel_size, output_size, output_ratio, return_indices,
                                              _random_samples)[0]


def fractional_max_pool3d_with_indices(input, kernel_size, output_size=None, output_ratio=None,
                                       return_indices=False, _random_samples=None):
    output_size = _fractional_output_size('fractional_max_pool3d', input, output_size, output_ratio, 3)
    if _random_samples is None:
        n_batch = 1 if input.dim() == 4 else input.size(0)
        _random_samples = torch.rand(n_batch, input.size(-4), 3, dtype=input.dtype, device=input.device)
    return _nn.fractional_max_pool3d(input, kernel_size, output_size, _random_samples)


def _fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                           _random_samples=None):
    return fractional_max_pool3d_with_indices(input, kernel_size, output_size, output_ratio, return_indices,
                                              _random_samples)[0]


fractional_max_pool2d = boolean_dispatch('return_indices', 4, False, fractional_max_pool2d_with_indices,
                                         _fractional_max_pool2d, 'torch.nn.functional', 'fractional_max_pool2d')
fractional_max_pool3d = boolean_dispatch('return_indices', 4, False, fractional_max_pool3d_with_indices,
                                         _fractional_max_pool3d, 'torch.nn.functional', 'fractional_max_pool3d')


# --- unpooling ---------------------------------------------------------------------

def _unpool_output_size(input, kernel_size, stride, padding, output_size):
    input_size = input.size()
    n = len(kernel_size)
    default_size = [(input_size[d - n] - 1) * stride[d] + kernel_size[d] - 2 * padding[d] for d in range(n)]
    if output_size is None:
        result = default_size
    else:
        if len(output_size) == n + 2:
            output_size = output_size[2:]
        if len(output_size) != n:
            raise ValueError(f'output_size should be a sequence containing {n} or {n + 2} elements, '
                             f"but it has a length of '{len(output_size)}'")
        for d in range(n):
            low, high = default_size[d] - stride[d], default_size[d] + stride[d]
            if not low < output_size[d] < high:
                raise ValueError(f'invalid output_size "{output_size}" (dim {d} must be between {low} and {high})')
        result = output_size
    for d in range(n):
        if result[d] < 0:
            raise ValueError('max_unpooling: output_size must contain non-negative spatial dimensions, '
                             f'but got output_size[{d}]={result[d]}')
    return result


def _unpool_geometry(tuple_of, kernel_size, stride, padding):
    kernel_size = tuple_of(kernel_size)
    stride = kernel_size if stride is None else tuple_of(stride)
    return kernel_size, stride, tuple_of(padding)


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    kernel_size, stride, padding = _unpool_geometry(_single, kernel_size, stride, padding)
    output_size = _unpool_output_size(input, kernel_size, stride, padding, output_size)
    output_size = list(output_size) + [1] if isinstance(output_size, list) else tuple(output_size) + (1,)
    return _nn.max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), output_size).squeeze(-1)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    kernel_size, stride, padding = _unpool_geometry(_pair, kernel_size, stride, padding)
    output_size = _unpool_output_size(input, kernel_size, stride, padding, output_size)
    return _nn.max_unpool2d(input, indices, output_size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    kernel_size, stride, padding = _unpool_geometry(_triple, kernel_size, stride, padding)
    output_size = _unpool_output_size(input, kernel_size, stride, padding, output_size)
    return _nn.max_unpool3d(input, indices, output_size, stride, padding)


# --- power-average pools ------------------------------------------------------------

def _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, window, max_pool, avg_pool):
    if isinstance(norm_type, (int, float)):
        if norm_type == 0:
            raise ValueError(f'norm_type must be a non-zero value, but got {norm_type}')
        if norm_type == float('inf'):
            return max_pool(input.abs(), kernel_size, stride, 0, 1, ceil_mode)
        if norm_type == -float('inf'):
            return -max_pool(-input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    if stride is not None:
        out = avg_pool(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = avg_pool(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (torch.sign(out) * torch.relu(torch.abs(out))).mul(window).pow(1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, kernel_size, max_pool1d, avg_pool1d)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    kw, kh = _pair(kernel_size)
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, kw * kh, max_pool2d, avg_pool2d)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    kd, kw, kh = _triple(kernel_size)
    return _lp_pool(input, norm_type, kernel_size, stride, ceil_mode, kd * kw * kh, max_pool3d, avg_pool3d)


# --- adaptive pools ---------------------------------------------------------------------

def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    return torch.adaptive_max_pool1d(input, output_size)


def _adaptive_max_pool1d(input, output_size, return_indices=False):
    return adaptive_max_pool1d_with_indices(input, output_size)[0]


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    return _nn.adaptive_max_pool2d(input, _list_with_default(output_size, input.size()))


def _adaptive_max_pool2d(input, output_size, return_indices=False):
    return adaptive_max_pool2d_with_indices(input, output_size)[0]


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    return _nn.adaptive_max_pool3d(input, _list_with_default(output_size, input.size()))


def _adaptive_max_pool3d(input, output_size, return_indices=False):
    return adaptive_max_pool3d_with_indices(input, output_size)[0]


adaptive_max_pool1d = boolean_dispatch('return_indices', 2, False, adaptive_max_pool1d_with_indices,
                                       _adaptive_max_pool1d, 'torch.nn.functional', 'adaptive_max_pool1d')
adaptive_max_pool2d = boolean_dispatch('return_indices', 2, False, adaptive_max_pool2d_with_indices,
                                       _adaptive_max_pool2d, 'torch.nn.functional', 'adaptive_max_pool2d')
adaptive_max_pool3d = boolean_dispatch('return_indices', 2, False, adaptive_max_pool3d_with_indices,
                                       _adaptive_max_pool3d, 'torch.nn.functional', 'adaptive_max_pool3d')


def adaptive_avg_pool2d(input, output_size):
    return _nn.adaptive_avg_pool2d(input, _list_with_default(output_size, input.size()))


def adaptive_avg_pool3d(input, output_size):
    return _nn.adaptive_avg_pool3d(input, _list_with_default(output_size, input.size()))


# --- sliding blocks ---------------------------------------------------------------------

def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    return _nn.im2col(input, _pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride))


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    return _nn.col2im(input, _pair(output_size), _pair(kernel_size), _pair(dilation), _pair(padding),
                      _pair(stride))
