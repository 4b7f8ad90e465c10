"""The legacy torch.nn.utils.weight_norm (deprecated in PyTorch in favour of
parametrizations.weight_norm): parameters <name>_g and <name>_v, and a
forward pre-hook that recomputes <name> = _weight_norm(v, g, dim) as a plain
attribute before every forward."""
import warnings

import torch
from torch.nn.parameter import Parameter

__all__ = ['WeightNorm', 'weight_norm', 'remove_weight_norm']

_DEPRECATED = ('`torch.nn.utils.weight_norm` is deprecated in favor of '
               '`torch.nn.utils.parametrizations.weight_norm`.')


class WeightNorm:
    def __init__(self, name, dim):
        self.name = name
        self.dim = -1 if dim is None else dim

    def compute_weight(self, module):
        g = getattr(module, self.name + '_g')
        v = getattr(module, self.name + '_v')
        return torch._weight_norm(v, g, self.dim)

    @staticmethod
    def apply(module, name, dim):
        # PyTorch's @deprecated wrapper warns on behalf of apply's caller.
        warnings.warn(_DEPRECATED, FutureWarning, stacklevel=2)
        for hook in module._forward_pre_hooks.values():
            if isinstance(hook, WeightNorm) and hook.name == name:
                raise RuntimeError(f'Cannot register two weight_norm hooks on the same parameter {name}')
        fn = WeightNorm(name, dim)
        weight = getattr(module, name)
        del module._parameters[name]
        module.register_parameter(name + '_g', Parameter(torch.norm_except_dim(weight, 2, fn.dim).data))
        module.register_parameter(name + '_v', Parameter(weight.data))
        setattr(module, name, fn.compute_weight(module))
        module.register_forward_pre_hook(fn)
        return fn

    def remove(self, module):
        weight = self.compute_weight(module)
        delattr(module, self.name)
        del module._parameters[self.name + '_g']
        del module._parameters[self.name + '_v']
        setattr(module, self.name, Parameter(weight.data))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module))


def weight_norm(module, name='weight', dim=0):
    """Deprecated: replace module.<name> by <name>_g * <name>_v / ||<name>_v||."""
    WeightNorm.apply(module, name, dim)
    return module


def remove_weight_norm(module, name='weight'):
    for k, hook in module._forward_pre_hooks.items():
        if isinstance(hook, WeightNorm) and hook.name == name:
            hook.remove(module)
            del module._forward_pre_hooks[k]
            return module
    raise ValueError(f"weight_norm of '{name}' not found in {module}")
