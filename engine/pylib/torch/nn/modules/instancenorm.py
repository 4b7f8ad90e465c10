"""InstanceNorm1d/2d/3d: _NormBase with affine and running statistics off
by default; an unbatched input is normalised as a batch of one."""
import warnings

import torch.nn.functional as F
from torch.nn.modules.batchnorm import _NormBase, _LazyNormMixin, _lazy_norm_init

__all__ = ['InstanceNorm1d', 'InstanceNorm2d', 'InstanceNorm3d', 'LazyInstanceNorm1d', 'LazyInstanceNorm2d',
           'LazyInstanceNorm3d']


class _InstanceNorm(_NormBase):
    _no_batch_dim = 0

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=False, track_running_stats=False,
                 device=None, dtype=None, *, bias=True):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype, bias=bias)

    def _get_no_batch_dim(self):
        return self._no_batch_dim

    def _check_input_dim(self, input):
        n = self._no_batch_dim
        if input.dim() not in (n, n + 1):
            raise ValueError(f'expected {n}D or {n + 1}D input (got {input.dim()}D input)')

    def _handle_no_batch_input(self, input):
        return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)

    def _apply_instance_norm(self, input):
        return F.instance_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                               self.training or not self.track_running_stats,
                               self.momentum if self.momentum is not None else 0.0, self.eps)

    def forward(self, input):
        self._check_input_dim(input)
        feature_dim = input.dim() - self._get_no_batch_dim()
        if input.size(feature_dim) != self.num_features:
            if self.affine:
                raise ValueError(f"expected input's size at dim={feature_dim} to match num_features"
                                 f' ({self.num_features}), but got: {input.size(feature_dim)}.')
            warnings.warn(f"input's size at dim={feature_dim} does not match num_features. "
                          'You can silence this warning by not passing in num_features, '
                          'which is not used because affine=False', stacklevel=2)
        if input.dim() == self._get_no_batch_dim():
            return self._handle_no_batch_input(input)
        return self._apply_instance_norm(input)


class InstanceNorm1d(_InstanceNorm):
    _no_batch_dim = 2


class InstanceNorm2d(_InstanceNorm):
    _no_batch_dim = 3


class InstanceNorm3d(_InstanceNorm):
    _no_batch_dim = 4


class LazyInstanceNorm1d(_LazyNormMixin, InstanceNorm1d):
    def __init__(self, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None,
                 *, bias=True):
        _lazy_norm_init(self, InstanceNorm1d, eps, momentum, affine, track_running_stats, device, dtype, bias)


class LazyInstanceNorm2d(_LazyNormMixin, InstanceNorm2d):
    def __init__(self, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None,
                 *, bias=True):
        _lazy_norm_init(self, InstanceNorm2d, eps, momentum, affine, track_running_stats, device, dtype, bias)


class LazyInstanceNorm3d(_LazyNormMixin, InstanceNorm3d):
    def __init__(self, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None,
                 *, bias=True):
        _lazy_norm_init(self, InstanceNorm3d, eps, momentum, affine, track_running_stats, device, dtype, bias)
