"""clip_grad_norm_ and clip_grad_value_, through the same foreach kernels
PyTorch uses on CPU (grouped by device and dtype), under no_grad."""
import types
import warnings

import torch

__all__ = ['clip_grad_norm', 'clip_grad_norm_', 'clip_grad_value_']


def _group_by_device_and_dtype(tensors):
    groups = {}
    for t in tensors:
        groups.setdefault((t.device, t.dtype), []).append(t)
    return groups


def _foreach_ok(device, foreach):
    # PyTorch's foreach kernels cover cpu and cuda: foreach=None picks them.
    if foreach is False:
        return False
    if device.type in ('cpu', 'cuda'):
        return True
    if foreach:
        raise RuntimeError(f"foreach=True was passed, but can't use the foreach API on {device.type} tensors")
    return False


def _get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    with torch.no_grad():
        tensors = [tensors] if isinstance(tensors, torch.Tensor) else list(tensors)
        norm_type = float(norm_type)
        if len(tensors) == 0:
            return torch.tensor(0.0)
        first_device = tensors[0].device
        norms = []
        for (device, _), group in _group_by_device_and_dtype(tensors).items():
            if _foreach_ok(device, foreach):
                norms.extend(torch._foreach_norm(group, norm_type))
            else:
                norms.extend([torch.linalg.vector_norm(g, norm_type) for g in group])
        total_norm = torch.linalg.vector_norm(torch.stack([norm.to(first_device) for norm in norms]), norm_type)
        if error_if_nonfinite and torch.logical_or(total_norm.isnan(), total_norm.isinf()):
            raise RuntimeError(f'The total norm of order {norm_type} for gradients from '
                               '`parameters` is non-finite, so it cannot be clipped. To disable '
                               'this error and scale the gradients by the non-finite norm anyway, '
                               'set `error_if_nonfinite=False`')
        return total_norm


def _clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    with torch.no_grad():
        if isinstance(parameters, torch.Tensor):
            parameters = [parameters]
        grads = [p.grad for p in parameters if p.grad is not None]
        max_norm = float(max_norm)
        if len(grads) == 0:
            return
        clip_coef = max_norm / (total_norm + 1e-6)
        clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
        for (device, _), group in _group_by_device_and_dtype(grads).items():
            if _foreach_ok(device, foreach):
                torch._foreach_mul_(group, clip_coef_clamped.to(device))
            else:
                coef = clip_coef_clamped.to(device)
                for g in group:
                    g.mul_(coef)


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    with torch.no_grad():
        if isinstance(parameters, torch.Tensor):
            parameters = [parameters]
        else:
            is_generator = isinstance(parameters, types.GeneratorType)
            parameters = list(parameters)
            if is_generator and len(parameters) == 0:
                warnings.warn('`parameters` is an empty generator, no gradient clipping will occur.', stacklevel=3)
        grads = [p.grad for p in parameters if p.grad is not None]
        total_norm = _get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
        _clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
        return total_norm


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    warnings.warn('`torch.nn.utils.clip_grad_norm` is now deprecated in favor of `torch.nn.utils.clip_grad_norm_`.',
                  FutureWarning, stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


def clip_grad_value_(parameters, clip_value, foreach=None):
    with torch.no_grad():
        if isinstance(parameters, torch.Tensor):
            parameters = [parameters]
        clip_value = float(clip_value)
        grads = [p.grad for p in parameters if p.grad is not None]
        for (device, _), group in _group_by_device_and_dtype(grads).items():
            if _foreach_ok(device, foreach):
                torch._foreach_clamp_min_(group, -clip_value)
                torch._foreach_clamp_max_(group, clip_value)
            else:
                for grad in group:
                    grad.clamp_(min=-clip_value, max=clip_value)
