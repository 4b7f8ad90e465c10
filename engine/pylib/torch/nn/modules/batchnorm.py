"""BatchNorm1d/2d/3d and the _NormBase they share with InstanceNorm:
affine parameters (ones and zeros), running_mean/running_var/
num_batches_tracked buffers, and the momentum rule (momentum=None is a
cumulative average over the batches seen)."""
import torch
import torch.nn.functional as F
from torch.nn import init
from torch.nn.parameter import Parameter
from torch.nn.modules.module import Module
from torch.nn.modules import _lazy

__all__ = ['BatchNorm1d', 'BatchNorm2d', 'BatchNorm3d', 'LazyBatchNorm1d', 'LazyBatchNorm2d', 'LazyBatchNorm3d',
           'SyncBatchNorm']


class _NormBase(Module):
    _version = 2
    __constants__ = ['track_running_stats', 'momentum', 'eps', 'num_features', 'affine']

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
                 device=None, dtype=None, *, bias=True):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = Parameter(torch.empty(num_features, device=device, dtype=dtype))
            if bias:
                self.bias = Parameter(torch.empty(num_features, device=device, dtype=dtype))
            else:
                self.register_parameter('bias', None)
        else:
            self.register_parameter('weight', None)
            self.register_parameter('bias', None)
        if track_running_stats:
            self.register_buffer('running_mean', torch.zeros(num_features, device=device, dtype=dtype))
            self.register_buffer('running_var', torch.ones(num_features, device=device, dtype=dtype))
            self.register_buffer('num_batches_tracked', torch.tensor(0, dtype=torch.long, device=device))
        else:
            self.register_buffer('running_mean', None)
            self.register_buffer('running_var', None)
            self.register_buffer('num_batches_tracked', None)
        self.reset_parameters()

    def reset_running_stats(self):
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def reset_parameters(self):
        self.reset_running_stats()
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def _check_input_dim(self, input):
        raise NotImplementedError

    def extra_repr(self):
        return (f'{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, '
                f'bias={self.bias is not None}, track_running_stats={self.track_running_stats}')

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys,
                              unexpected_keys, error_msgs):
        # State dicts from before version 2 have no num_batches_tracked.
        version = local_metadata.get('version', None)
        if (version is None or version < 2) and self.track_running_stats:
            key = prefix + 'num_batches_tracked'
            if key not in state_dict:
                state_dict[key] = (self.num_batches_tracked if self.num_batches_tracked is not None
                                   else torch.tensor(0, dtype=torch.long))
        Module._load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys,
                                     unexpected_keys, error_msgs)


class _BatchNorm(_NormBase):
    def forward(self, input):
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            self.num_batches_tracked.add_(1)
            if self.momentum is None:
                factor = 1.0 / float(self.num_batches_tracked)
            else:
                factor = self.momentum
        if self.training:
            bn_training = True
        else:
            bn_training = self.running_mean is None and self.running_var is None
        # Training without tracked statistics passes no buffers, so F
        # does not update them.
        use_stats = not self.training or self.track_running_stats
        return F.batch_norm(input, self.running_mean if use_stats else None,
                            self.running_var if use_stats else None, self.weight, self.bias,
                            bn_training, factor, self.eps)


class BatchNorm1d(_BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() != 2 and input.dim() != 3:
            raise ValueError(f'expected 2D or 3D input (got {input.dim()}D input)')


class BatchNorm2d(_BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() != 4:
            raise ValueError(f'expected 4D input (got {input.dim()}D input)')


class BatchNorm3d(_BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() != 5:
            raise ValueError(f'expected 5D input (got {input.dim()}D input)')


class _LazyNormMixin:
    """Lazy norms: num_features comes from the first input's dimension 1
    (Note [lazy placeholders] in _lazy.py)."""

    def _lazy_init(self, cls_to_become, affine, track_running_stats, bias, device, dtype):
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = _lazy.placeholder_parameter(device, dtype)
            if bias:
                self.bias = _lazy.placeholder_parameter(device, dtype)
        if track_running_stats:
            self.running_mean = _lazy.placeholder_buffer(device, dtype)
            self.running_var = _lazy.placeholder_buffer(device, dtype)
            self.num_batches_tracked = torch.tensor(0, dtype=torch.long, device=device)
        self._cls_to_become = cls_to_become

    def reset_parameters(self):
        if self.num_features != 0:
            _NormBase.reset_parameters(self)

    def forward(self, input):
        # With neither affine parameters nor statistics nothing is a
        # placeholder, and PyTorch leaves num_features at 0.
        if self.affine or self.track_running_stats:
            with torch.no_grad():
                self.num_features = input.shape[1]
                shape = (self.num_features,)
                for name in ('weight', 'bias'):
                    _lazy.materialize(self, name, shape, True)
                for name in ('running_mean', 'running_var'):
                    _lazy.materialize(self, name, shape, False)
                self.reset_parameters()
        cls = self._cls_to_become
        del self._cls_to_become
        _lazy.become(self, cls)
        return self.forward(input)


def _lazy_norm_init(self, cls_to_become, eps, momentum, affine, track_running_stats, device, dtype, bias):
    _NormBase.__init__(self, 0, eps, momentum, False, False, device, dtype, bias=False)
    self._lazy_init(cls_to_become, affine, track_running_stats, bias, device, dtype)


class LazyBatchNorm1d(_LazyNormMixin, BatchNorm1d):
    def __init__(self, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None,
                 *, bias=True):
        _lazy_norm_init(self, BatchNorm1d, eps, momentum, affine, track_running_stats, device, dtype, bias)


class LazyBatchNorm2d(_LazyNormMixin, BatchNorm2d):
    def __init__(self, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None,
                 *, bias=True):
        _lazy_norm_init(self, BatchNorm2d, eps, momentum, affine, track_running_stats, device, dtype, bias)


class LazyBatchNorm3d(_LazyNormMixin, BatchNorm3d):
    def __init__(self, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None,
                 *, bias=True):
        _lazy_norm_init(self, BatchNorm3d, eps, momentum, affine, track_running_stats, device, dtype, bias)


class SyncBatchNorm(_BatchNorm):
    """Batch norm whose statistics are synchronised across a process group.
    Outside an initialised torch.distributed group (always, in backstep)
    PyTorch's forward is plain F.batch_norm, so that is what runs here."""

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
                 process_group=None, device=None, dtype=None, *, bias=True):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype, bias=bias)
        self.process_group = process_group

    def _check_input_dim(self, input):
        if input.dim() < 2:
            raise ValueError(f'expected at least 2D input (got {input.dim()}D input)')

    def _check_non_zero_input_channels(self, input):
        if input.size(1) == 0:
            raise ValueError('SyncBatchNorm number of input channels should be non-zero')

    def forward(self, input):
        self._check_input_dim(input)
        self._check_non_zero_input_channels(input)
        return _BatchNorm.forward(self, input)

    @classmethod
    def convert_sync_batchnorm(cls, module, process_group=None):
        """A copy of the tree with every BatchNorm*d replaced by a SyncBatchNorm
        holding the same parameter and buffer objects."""
        module_output = module
        if isinstance(module, _BatchNorm):
            module_output = SyncBatchNorm(module.num_features, module.eps, module.momentum, module.affine,
                                          module.track_running_stats, process_group)
            if module.affine:
                with torch.no_grad():
                    module_output.weight = module.weight
                    module_output.bias = module.bias
            module_output.running_mean = module.running_mean
            module_output.running_var = module.running_var
            module_output.num_batches_tracked = module.num_batches_tracked
            module_output.training = module.training
            if hasattr(module, 'qconfig'):
                module_output.qconfig = module.qconfig
        for name, child in module.named_children():
            module_output.add_module(name, cls.convert_sync_batchnorm(child, process_group))
        del module
        return module_output
