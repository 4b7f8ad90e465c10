"""Shared pieces of the Lazy* layers (LazyConv2d, LazyBatchNorm1d, ...):
placeholders until the first input, then PyTorch's cls_to_become.

Note [lazy placeholders]: PyTorch holds an UninitializedParameter (or
UninitializedBuffer) until the first forward; backstep's is an empty
Parameter (or tensor) marked as one (torch.nn.parameter), which prints as
PyTorch's does. The first forward replaces it with a real one of the
inferred shape, runs reset_parameters (drawing PyTorch's random numbers in
PyTorch's order) and changes the module's class to the eager one."""
import torch
from torch.nn.parameter import Parameter, UninitializedParameter, UninitializedBuffer


def placeholder_parameter(device, dtype):
    return UninitializedParameter(device=device, dtype=dtype)


def placeholder_buffer(device, dtype):
    return UninitializedBuffer(device=device, dtype=dtype)


def materialize(module, name, shape, parameter):
    """Replace placeholder `name` (if set) by an uninitialised tensor of
    `shape` on its device and dtype."""
    old = getattr(module, name)
    if old is None:
        return
    fresh = torch.empty(shape, device=old.device, dtype=old.dtype)
    setattr(module, name, Parameter(fresh) if parameter else fresh)


def become(module, cls):
    module.__class__ = cls
