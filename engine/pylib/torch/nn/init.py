"""torch.nn.init: every initialiser runs under no_grad and draws from the
random generator through the same ATen calls, in the same order, as
PyTorch's, so a seeded program gets PyTorch's numbers."""
import math
import warnings

import torch

__all__ = ['calculate_gain', 'uniform_', 'normal_', 'trunc_normal_', 'constant_', 'ones_', 'zeros_', 'eye_',
           'dirac_', 'xavier_uniform_', 'xavier_normal_', 'kaiming_uniform_', 'kaiming_normal_', 'orthogonal_',
           'sparse_', 'uniform', 'normal', 'constant', 'eye', 'dirac', 'xavier_uniform', 'xavier_normal',
           'kaiming_uniform', 'kaiming_normal', 'orthogonal', 'sparse']

_LINEAR_FNS = ['linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d', 'conv_transpose3d']


def _uniform(tensor, a, b, generator):
    # generator= only when given: the default generator is what PyTorch uses.
    if generator is None:
        return tensor.uniform_(a, b)
    return tensor.uniform_(a, b, generator=generator)


def _normal(tensor, mean, std, generator):
    if generator is None:
        return tensor.normal_(mean, std)
    return tensor.normal_(mean, std, generator=generator)


def calculate_gain(nonlinearity, param=None):
    if nonlinearity in _LINEAR_FNS or nonlinearity == 'sigmoid':
        return 1
    elif nonlinearity == 'tanh':
        return 5.0 / 3
    elif nonlinearity == 'relu':
        return math.sqrt(2.0)
    elif nonlinearity == 'leaky_relu':
        if param is None:
            negative_slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, int) or isinstance(param, float):
            negative_slope = param
        else:
            raise ValueError(f'negative_slope {param} not a valid number')
        return math.sqrt(2.0 / (1 + negative_slope ** 2))
    elif nonlinearity == 'selu':
        return 3.0 / 4
    raise ValueError(f'Unsupported nonlinearity {nonlinearity}')


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    with torch.no_grad():
        return _uniform(tensor, a, b, generator)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    with torch.no_grad():
        return _normal(tensor, mean, std, generator)


def _norm_cdf(x):
    return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0


def _trunc_normal_resample(tensor, mean, std, lo, hi, generator):
    # Wide windows: draw normals and redraw the ones outside [a, b].
    result = _normal(tensor, mean, std, generator)
    while True:
        mask = (result < lo) | (result > hi)
        if not mask.any():
            break
        result = torch.where(mask, _normal(torch.empty_like(result), mean, std, generator), result)
    if tensor is not result:
        tensor.copy_(result)


def _trunc_normal_rejection(tensor, mean, std, a, b, generator):
    # Narrow windows: uniform candidates accepted with the normal density.
    mode = max(a, min(mean, b))
    log_peak = -0.5 * ((mode - mean) / std) ** 2
    candidates = torch.empty_like(tensor)
    accept_buf = torch.empty_like(tensor)
    _uniform(tensor, a, b, generator)
    candidates.copy_(tensor)
    candidates.sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)
    pending = _uniform(accept_buf, 0.0, 1.0, generator).log_().gt(candidates)
    if not pending.any():
        return
    result = tensor
    while True:
        _uniform(candidates, a, b, generator)
        result = torch.where(pending, candidates, result)
        candidates.sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)
        pending = torch.where(pending, _uniform(accept_buf, 0.0, 1.0, generator).log_().gt(candidates), pending)
        if not pending.any():
            break
    tensor.copy_(result)


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0, generator=None):
    if (mean < a - 2 * std) or (mean > b + 2 * std):
        warnings.warn('mean is more than 2 std from [a, b] in nn.init.trunc_normal_. '
                      'The distribution of values may be incorrect.', stacklevel=2)
    with torch.no_grad():
        p = _norm_cdf((b - mean) / std) - _norm_cdf((a - mean) / std)
        if p > 0.3:
            # The bounds rounded to the tensor's dtype (PyTorch: new_tensor).
            lo = torch.tensor(a, dtype=tensor.dtype, device='cpu').item()
            hi = torch.tensor(b, dtype=tensor.dtype, device='cpu').item()
            _trunc_normal_resample(tensor, mean, std, lo, hi, generator)
        else:
            _trunc_normal_rejection(tensor, mean, std, a, b, generator)
        return tensor


def constant_(tensor, val):
    with torch.no_grad():
        return tensor.fill_(val)


def ones_(tensor):
    with torch.no_grad():
        return tensor.fill_(1.0)


def zeros_(tensor):
    with torch.no_grad():
        return tensor.zero_()


def eye_(tensor):
    if tensor.ndimension() != 2:
        raise ValueError('Only tensors with 2 dimensions are supported')
    with torch.no_grad():
        torch.eye(*tensor.shape, out=tensor, requires_grad=tensor.requires_grad)
    return tensor


def dirac_(tensor, groups=1):
    dimensions = tensor.ndimension()
    if dimensions not in [3, 4, 5]:
        raise ValueError('Only tensors with 3, 4, or 5 dimensions are supported')
    sizes = tensor.size()
    if sizes[0] % groups != 0:
        raise ValueError('dim 0 must be divisible by groups')
    out_chans_per_grp = sizes[0] // groups
    min_dim = min(out_chans_per_grp, sizes[1])
    with torch.no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min_dim):
                centre = tuple(tensor.size(k) // 2 for k in range(2, dimensions))
                tensor[(g * out_chans_per_grp + d, d) + centre] = 1
    return tensor


def _calculate_fan_in_and_fan_out(tensor):
    if tensor.dim() < 2:
        raise ValueError('Fan in and fan out can not be computed for tensor with fewer than 2 dimensions')
    receptive_field_size = 1
    if tensor.dim() > 2:
        for s in tensor.shape[2:]:
            receptive_field_size *= s
    return tensor.size(1) * receptive_field_size, tensor.size(0) * receptive_field_size


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    valid_modes = ['fan_in', 'fan_out']
    if mode not in valid_modes:
        raise ValueError(f'Mode {mode} not supported, please use one of {valid_modes}')
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == 'fan_in' else fan_out


def xavier_uniform_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    with torch.no_grad():
        return _uniform(tensor, -a, a, generator)


def xavier_normal_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    with torch.no_grad():
        return _normal(tensor, 0.0, std, generator)


def kaiming_uniform_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu', generator=None):
    if 0 in tensor.shape:
        warnings.warn('Initializing zero-element tensors is a no-op', stacklevel=2)
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    std = calculate_gain(nonlinearity, a) / math.sqrt(fan)
    bound = math.sqrt(3.0) * std
    with torch.no_grad():
        return _uniform(tensor, -bound, bound, generator)


def kaiming_normal_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu', generator=None):
    if 0 in tensor.shape:
        warnings.warn('Initializing zero-element tensors is a no-op', stacklevel=2)
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    std = calculate_gain(nonlinearity, a) / math.sqrt(fan)
    with torch.no_grad():
        return _normal(tensor, 0, std, generator)


def orthogonal_(tensor, gain=1, generator=None):
    if tensor.ndimension() < 2:
        raise ValueError('Only tensors with 2 or more dimensions are supported')
    if tensor.numel() == 0:
        return tensor
    rows = tensor.size(0)
    cols = tensor.numel() // rows
    flattened = _normal(tensor.new_empty((rows, cols)), 0, 1, generator)
    if rows < cols:
        flattened.t_()
    q, r = torch.linalg.qr(flattened)
    ph = torch.diag(r, 0).sign()
    q *= ph
    if rows < cols:
        q.t_()
    with torch.no_grad():
        tensor.view_as(q).copy_(q)
        tensor.mul_(gain)
    return tensor


def sparse_(tensor, sparsity, std=0.01, generator=None):
    if tensor.ndimension() != 2:
        raise ValueError('Only tensors with 2 dimensions are supported')
    rows, cols = tensor.shape
    num_zeros = math.ceil(sparsity * rows)
    with torch.no_grad():
        _normal(tensor, 0, std, generator)
        for col_idx in range(cols):
            row_indices = torch.randperm(rows)
            tensor[row_indices[:num_zeros], col_idx] = 0
    return tensor


def _make_deprecate(meth):
    new_name = meth.__name__
    old_name = new_name[:-1]

    def deprecated_init(*args, **kwargs):
        warnings.warn(f'`nn.init.{old_name}` is now deprecated in favor of `nn.init.{new_name}`.',
                      FutureWarning, stacklevel=2)
        return meth(*args, **kwargs)

    deprecated_init.__name__ = old_name
    return deprecated_init


uniform = _make_deprecate(uniform_)
normal = _make_deprecate(normal_)
constant = _make_deprecate(constant_)
eye = _make_deprecate(eye_)
dirac = _make_deprecate(dirac_)
xavier_uniform = _make_deprecate(xavier_uniform_)
xavier_normal = _make_deprecate(xavier_normal_)
kaiming_uniform = _make_deprecate(kaiming_uniform_)
kaiming_normal = _make_deprecate(kaiming_normal_)
orthogonal = _make_deprecate(orthogonal_)
sparse = _make_deprecate(sparse_)
