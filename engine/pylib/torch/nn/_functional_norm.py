"""torch.nn.functional's normalisations (batch / instance / layer / group /
rms / local response norm, normalize) and the embedding lookups, with
PyTorch's argument checks before the ATen op."""

import warnings

import torch
from torch.nn._functional_pool import avg_pool2d, avg_pool3d
from torch.nn._functional_resample import pad

# torch.backends.cudnn.enabled: PyTorch passes it through; True by default.
_CUDNN_ENABLED = True


def _verify_batch_size(size):
    per_channel = size[0]
    for i in range(len(size) - 2):
        per_channel *= size[i + 2]
    if per_channel == 1:
        raise ValueError(f'Expected more than 1 value per channel when training, got input size {size}')


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1,
               eps=1e-05):
    if training:
        _verify_batch_size(input.size())
    if training and eps <= 0.0:
        raise ValueError(f'batch_norm eps must be positive during training, but got {eps}')
    elif eps < 0.0:
        raise ValueError(f'batch_norm eps must be non-negative, but got {eps}')
    return torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps,
                            _CUDNN_ENABLED)


def _verify_spatial_size(size):
    spatial = 1
    for i in range(2, len(size)):
        spatial *= size[i]
    if spatial == 1:
        raise ValueError(f'Expected more than 1 spatial element when training, got input size {size}')


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.1, eps=1e-05):
    if use_input_stats:
        _verify_spatial_size(input.size())
    return torch.instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps,
                               _CUDNN_ENABLED)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    return torch.layer_norm(input, normalized_shape, weight, bias, eps, _CUDNN_ENABLED)


def rms_norm(input, normalized_shape, weight=None, eps=None):
    return torch.rms_norm(input, normalized_shape, weight, eps)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    if input.dim() < 2:
        raise RuntimeError(f'Expected at least 2 dimensions for input tensor but received {input.dim()}')
    _verify_batch_size([input.size(0) * input.size(1) // num_groups, num_groups] + list(input.size()[2:]))
    return torch.group_norm(input, num_groups, weight, bias, eps, _CUDNN_ENABLED)


def local_response_norm(input, size, alpha=0.0001, beta=0.75, k=1.0):
    dim = input.dim()
    if dim < 3:
        # PyTorch's message keeps the spaces of a continued line.
        raise ValueError(f'Expected 3D or higher dimensionality                          input (got {dim} dimensions)')
    if input.numel() == 0:
        return input
    # The mean of squares over `size` neighbouring channels, as an average
    # pool over a padded channel axis.
    div = input.mul(input)
    if dim == 3:
        div = div.unsqueeze(1)
        div = pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.size()
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        div = avg_pool3d(div, (size, 1, 1), stride=1).squeeze(1)
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    if out is None:
        denom = input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)
        return input / denom
    denom = input.norm(p, dim, keepdim=True).clamp_min_(eps).expand_as(input)
    return torch.div(input, denom, out=out)


# --- embeddings -------------------------------------------------------------------

def _no_grad_embedding_renorm_(weight, input, max_norm, norm_type):
    torch.embedding_renorm_(weight.detach(), input, max_norm, norm_type)


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
              sparse=False):
    if padding_idx is None:
        padding_idx = -1
    elif padding_idx > 0:
        if padding_idx >= weight.size(0):
            raise AssertionError('Padding_idx must be within num_embeddings')
    elif padding_idx < 0:
        if padding_idx < -weight.size(0):
            raise AssertionError('Padding_idx must be within num_embeddings')
        padding_idx = weight.size(0) + padding_idx
    if max_norm is not None:
        # renorm reads the indices in order; it needs them contiguous.
        input = input.contiguous()
        _no_grad_embedding_renorm_(weight, input, max_norm, norm_type)
    return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


def _bag_mode(mode, scale_grad_by_freq, sparse):
    if mode == 'sum':
        return 0
    if mode == 'mean':
        return 1
    if mode == 'max':
        if scale_grad_by_freq:
            raise ValueError('max mode does not support scaling the gradient by the frequency')
        if sparse:
            raise ValueError('max mode does not support sparse weights')
        return 2
    raise ValueError('mode has to be one of sum, mean or max')


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False,
                  mode='mean', sparse=False, per_sample_weights=None, include_last_offset=False,
                  padding_idx=None):
    if weight.dtype == torch.long and input.is_floating_point():
        warnings.warn('Argument order of nn.functional.embedding_bag was changed. Usage '
                      '`embedding_bag(weight, input, ...)` is deprecated, and should now be '
                      '`embedding_bag(input, weight, ...)`.', stacklevel=2)
        weight, input = input, weight
    if per_sample_weights is not None and input.size() != per_sample_weights.size():
        raise ValueError(f'embedding_bag: If per_sample_weights ({per_sample_weights.shape}) is not None, '
                         f'then it must have the same shape as the input ({input.shape})')
    if not weight.dim() == 2:
        raise ValueError(f'weight has to be a 2D Tensor, but got Tensor of dimension {weight.dim()}')
    if input.dim() == 2:
        # A 2-D input is a batch of equal-length bags: offsets are implied.
        if offsets is not None:
            raise ValueError('if input is 2D, then offsets has to be None, as input is treated is a '
                             'mini-batch of fixed length sequences. However, found offsets of type '
                             f'{str(type(offsets))}')
        offsets = torch.arange(0, input.numel(), input.size(1), dtype=input.dtype, device=input.device)
        include_last_offset = False
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError('offsets has to be a 1D Tensor but got None')
        if offsets.dim() != 1:
            raise ValueError('offsets has to be a 1D Tensor')
    else:
        raise ValueError(f'input has to be 1D or 2D Tensor, but got Tensor of dimension {input.dim()}')
    mode_enum = _bag_mode(mode, scale_grad_by_freq, sparse)
    if max_norm is not None:
        _no_grad_embedding_renorm_(weight, input, max_norm, norm_type)
    if per_sample_weights is not None and mode != 'sum':
        raise NotImplementedError('embedding_bag: per_sample_weights was not None. per_sample_weights is only '
                                  f"supported for mode='sum' (got mode='{mode}'). Please open a feature "
                                  'request on GitHub.')
    ret, _, _, _ = torch.embedding_bag(weight, input, offsets, scale_grad_by_freq, mode_enum, sparse,
                                       per_sample_weights, include_last_offset, padding_idx)
    return ret
