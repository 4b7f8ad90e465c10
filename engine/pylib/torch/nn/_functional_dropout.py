"""torch.nn.functional's dropout family over the ATen ops PyTorch's F calls
through _VF (dropout, feature_dropout, alpha_dropout,
feature_alpha_dropout, and their in-place forms), so the random draws are
PyTorch's, with its probability check and its dimension warnings."""

import warnings

import torch


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f'dropout probability has to be between 0 and 1, but got {p}')


def dropout(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    if inplace:
        return torch.dropout_(input, p, training)
    return torch.dropout(input, p, training)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    _check_p(p)
    if inplace:
        return torch.alpha_dropout_(input, p, training)
    return torch.alpha_dropout(input, p, training)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    _check_p(p)
    if inplace:
        return torch.feature_alpha_dropout_(input, p, training)
    return torch.feature_alpha_dropout(input, p, training)


def _feature_dropout(input, p, training, inplace):
    if inplace:
        return torch.feature_dropout_(input, p, training)
    return torch.feature_dropout(input, p, training)


# An unbatched input gets a batch dimension for feature_dropout and loses
# it again (in place when inplace=True, as PyTorch does).
def _batched_feature_dropout(input, p, training, inplace):
    input = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = _feature_dropout(input, p, training, inplace)
    return result.squeeze_(0) if inplace else result.squeeze(0)


def dropout1d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    ndim = input.dim()
    if ndim not in (2, 3):
        raise RuntimeError(f'dropout1d: Expected 2D or 3D input, but received a {ndim}D input. '
                           'Note that dropout1d exists to provide channel-wise dropout on inputs with 1 '
                           'spatial dimension, a channel dimension, and an optional batch dimension '
                           '(i.e. 2D or 3D inputs).')
    if ndim == 3:
        return _feature_dropout(input, p, training, inplace)
    return _batched_feature_dropout(input, p, training, inplace)


def _warn_feature_dims(name, ndim, spatial, accepted):
    warnings.warn(f'{name}: Received a {ndim}-D input to {name}, which is deprecated and will '
                  'result in an error in a future release. To retain the behavior and silence '
                  f'this warning, please use dropout instead. Note that {name} exists to provide '
                  f'channel-wise dropout on inputs with {spatial} spatial dimensions, a channel '
                  'dimension, and an optional batch dimension '
                  f'(i.e. {accepted} inputs).', stacklevel=3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    ndim = input.dim()
    if ndim not in (3, 4):
        _warn_feature_dims('dropout2d', ndim, 2, '3D or 4D')
    if ndim == 3:
        warnings.warn('dropout2d: Received a 3D input to dropout2d and assuming that channel-wise '
                      '1D dropout behavior is desired - input is interpreted as shape (N, C, L), '
                      'where C is the channel dim. This behavior will change in a future release '
                      'to interpret the input as one without a batch dimension, i.e. shape '
                      '(C, H, W). To maintain the 1D channel-wise dropout behavior, please switch '
                      'to using dropout1d instead.', stacklevel=2)
    return _feature_dropout(input, p, training, inplace)


def dropout3d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    ndim = input.dim()
    if ndim not in (4, 5):
        _warn_feature_dims('dropout3d', ndim, 3, '4D or 5D')
    if ndim == 5:
        return _feature_dropout(input, p, training, inplace)
    return _batched_feature_dropout(input, p, training, inplace)
