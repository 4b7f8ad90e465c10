"""torch.nn.functional's resampling: pad, interpolate (and the deprecated
upsample*), grid_sample and affine_grid — PyTorch's argument checks, then
the ATen op for the mode and rank (upsample_bilinear2d, ...)."""

import warnings

import torch
import _backstep_nn_ops as _nn
from torch.nn._functional_pool import adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d


def pad(input, pad, mode='constant', value=None):
    return _nn.pad(input, pad, mode, value)


def _is_integer(x):
    if isinstance(x, int):
        return True
    return isinstance(x, torch.Tensor) and not x.is_floating_point()


def _output_geometry(input, size, scale_factor, dim):
    """(output_size, scale_factors): exactly one is given."""
    if size is not None and scale_factor is not None:
        raise ValueError('only one of size or scale_factor should be defined')
    if size is not None:
        if not isinstance(size, (list, tuple)):
            return [size for _ in range(dim)], None
        if len(size) != dim:
            raise ValueError('Input and output must have the same number of spatial dimensions, but got input '
                             f'with spatial dimensions of {list(input.shape[2:])} and output size of {size}. '
                             'Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in '
                             '(o1, o2, ...,oK) format.')
        if not all(_is_integer(x) for x in size):
            raise TypeError('expected size to be one of int or Tuple[int] or Tuple[int, int] or '
                            f'Tuple[int, int, int], but got size with types {[type(x) for x in size]}')
        return size, None
    if scale_factor is not None:
        if not isinstance(scale_factor, (list, tuple)):
            return None, [scale_factor for _ in range(dim)]
        if len(scale_factor) != dim:
            raise ValueError('Input and scale_factor must have the same number of spatial dimensions, but got '
                             f'input with spatial dimensions of {list(input.shape[2:])} and scale_factor of '
                             f'shape {scale_factor}. Please provide input tensor in (N, C, d1, d2, ...,dK) '
                             'format and scale_factor in (s1, s2, ...,sK) format.')
        return None, scale_factor
    raise ValueError('either size or scale_factor should be defined')


_WRONG_RANK = {
    (3, 'bilinear'): 'Got 3D input, but bilinear mode needs 4D input',
    (3, 'trilinear'): 'Got 3D input, but trilinear mode needs 5D input',
    (4, 'linear'): 'Got 4D input, but linear mode needs 3D input',
    (4, 'trilinear'): 'Got 4D input, but trilinear mode needs 5D input',
    (5, 'linear'): 'Got 5D input, but linear mode needs 3D input',
    (5, 'bilinear'): 'Got 5D input, but bilinear mode needs 4D input',
}

_NEAREST = {3: _nn.upsample_nearest1d, 4: _nn.upsample_nearest2d, 5: _nn.upsample_nearest3d}
_NEAREST_EXACT = {3: _nn._upsample_nearest_exact1d, 4: _nn._upsample_nearest_exact2d,
                  5: _nn._upsample_nearest_exact3d}
_AREA = {3: adaptive_avg_pool1d, 4: adaptive_avg_pool2d, 5: adaptive_avg_pool3d}
_LINEAR = {(3, 'linear'): _nn.upsample_linear1d, (4, 'bilinear'): _nn.upsample_bilinear2d,
           (5, 'trilinear'): _nn.upsample_trilinear3d, (4, 'bicubic'): _nn.upsample_bicubic2d}
_ANTIALIASED = {'bilinear': _nn._upsample_bilinear2d_aa, 'bicubic': _nn._upsample_bicubic2d_aa}


def interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None,
                recompute_scale_factor=None, antialias=False):
    if mode in ('nearest', 'area', 'nearest-exact'):
        if align_corners is not None:
            raise ValueError('align_corners option can only be set with the interpolating modes: '
                             'linear | bilinear | bicubic | trilinear')
    elif align_corners is None:
        align_corners = False
    dim = input.dim() - 2
    output_size, scale_factors = _output_geometry(input, size, scale_factor, dim)
    if recompute_scale_factor is not None and recompute_scale_factor and size is not None:
        raise ValueError('recompute_scale_factor is not meaningful with an explicit size.')
    if mode == 'area' and output_size is None:
        recompute_scale_factor = True
    if recompute_scale_factor is not None and recompute_scale_factor:
        # The size the scale gives, floored; the op then derives its own scale.
        output_size = [int(input.size(i + 2) * scale_factors[i]) for i in range(dim)]
        scale_factors = None
    if antialias and not (mode in ('bilinear', 'bicubic', 'lanczos') and input.ndim == 4):
        raise ValueError('Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and requires '
                         'a 4-D tensor as input')
    rank = input.dim()
    if mode == 'nearest' and rank in _NEAREST:
        return _NEAREST[rank](input, output_size, scale_factors)
    if mode == 'nearest-exact' and rank in _NEAREST_EXACT:
        return _NEAREST_EXACT[rank](input, output_size, scale_factors)
    if mode == 'area' and rank in _AREA:
        return _AREA[rank](input, output_size)
    if (rank, mode) in _LINEAR:
        if antialias:
            return _ANTIALIASED[mode](input, output_size, align_corners, scale_factors)
        return _LINEAR[(rank, mode)](input, output_size, align_corners, scale_factors)
    if rank == 4 and mode == 'lanczos':
        if align_corners:
            raise ValueError('Lanczos mode does not support align_corners=True')
        if not antialias:
            raise ValueError('Lanczos mode requires antialias=True')
        return _nn._upsample_lanczos2d_aa(input, output_size, align_corners, scale_factors)
    if (rank, mode) in _WRONG_RANK:
        raise NotImplementedError(_WRONG_RANK[(rank, mode)])
    raise NotImplementedError(f'Input Error: Only 3D, 4D and 5D input Tensors supported (got {rank}D) for the '
                              'modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | area | '
                              f'nearest-exact (got {mode})')


def upsample(input, size=None, scale_factor=None, mode='nearest', align_corners=None):
    warnings.warn('`nn.functional.upsample` is deprecated. Use `nn.functional.interpolate` instead.', stacklevel=2)
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    warnings.warn('`nn.functional.upsample_nearest` is deprecated. Use `nn.functional.interpolate` instead.',
                  stacklevel=2)
    return interpolate(input, size, scale_factor, mode='nearest')


def upsample_bilinear(input, size=None, scale_factor=None):
    warnings.warn('`nn.functional.upsample_bilinear` is deprecated. Use `nn.functional.interpolate` instead.',
                  stacklevel=2)
    return interpolate(input, size, scale_factor, mode='bilinear', align_corners=True)


GRID_SAMPLE_INTERPOLATION_MODES = {'bilinear': 0, 'nearest': 1, 'bicubic': 2}
GRID_SAMPLE_PADDING_MODES = {'zeros': 0, 'border': 1, 'reflection': 2}

_ALIGN_CORNERS_DEFAULT = ('Default grid_sample and affine_grid behavior has changed to align_corners=False '
                          'since 1.3.0. Please specify align_corners=True if the old behavior is desired. '
                          'See the documentation of grid_sample for details.')


def grid_sample(input, grid, mode='bilinear', padding_mode='zeros', align_corners=None):
    if mode not in GRID_SAMPLE_INTERPOLATION_MODES:
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', "
                         f"but got: '{mode}'")
    if padding_mode not in GRID_SAMPLE_PADDING_MODES:
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         f"'reflection', but got: '{padding_mode}'")
    if align_corners is None:
        warnings.warn(_ALIGN_CORNERS_DEFAULT, stacklevel=2)
        align_corners = False
    return torch.grid_sampler(input, grid, GRID_SAMPLE_INTERPOLATION_MODES[mode],
                              GRID_SAMPLE_PADDING_MODES[padding_mode], align_corners)


def affine_grid(theta, size, align_corners=None):
    if align_corners is None:
        warnings.warn(_ALIGN_CORNERS_DEFAULT, stacklevel=2)
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError(f'Expected theta to have floating point type, but got {theta.dtype}')
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError(f'Expected a batch of 2D affine matrices of shape Nx2x3 for size {size}. '
                             f'Got {theta.shape}.')
        spatial_size = size[-2:]
    elif len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError(f'Expected a batch of 3D affine matrices of shape Nx3x4 for size {size}. '
                             f'Got {theta.shape}.')
        spatial_size = size[-3:]
    else:
        raise NotImplementedError('affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, '
                                  f'respectively. Got size {size}.')
    if align_corners and min(spatial_size) == 1:
        warnings.warn('Since version 1.3.0, affine_grid behavior has changed for unit-size grids when '
                      'align_corners=True. This is not an intended use case of affine_grid. See the '
                      'documentation of affine_grid for details.', stacklevel=2)
    elif min(size) <= 0:
        raise ValueError(f'Expected non-zero, positive output size. Got {size}')
    return torch.affine_grid_generator(theta, size, align_corners)
