"""Helpers the distributions share: broadcasting parameters, the
probabilities <-> logits conversions (clamped as PyTorch clamps them) and
lazy_property, which computes one parametrisation from the other on first use."""
from numbers import Number

import torch
import torch.nn.functional as F


def broadcast_all(*values):
    tensors = [v for v in values if isinstance(v, torch.Tensor)]
    for v in values:
        if not isinstance(v, (torch.Tensor, Number)):
            raise ValueError("Input arguments must all be instances of numbers.Number, "
                             "torch.Tensor or objects implementing __torch_function__.")
    if not tensors:
        dtype = torch.get_default_dtype()
        return tuple(torch.tensor(v, dtype=dtype) for v in values)
    like = tensors[0]
    values = [v if isinstance(v, torch.Tensor) else torch.tensor(v, dtype=like.dtype, device=like.device)
              for v in values]
    return tuple(torch.broadcast_tensors(*values))


def logits_to_probs(logits, is_binary=False):
    if is_binary:
        return torch.sigmoid(logits)
    return F.softmax(logits, dim=-1)


def probs_to_logits(probs, is_binary=False):
    eps = torch.finfo(probs.dtype).eps
    ps_clamped = probs.clamp(min=eps, max=1 - eps)
    if is_binary:
        return torch.log(ps_clamped) - torch.log1p(-ps_clamped)
    return torch.log(ps_clamped)


class lazy_property:
    def __init__(self, wrapped):
        self.wrapped = wrapped
        self.__doc__ = wrapped.__doc__

    def __get__(self, instance, obj_type=None):
        if instance is None:
            return self
        with torch.enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value
