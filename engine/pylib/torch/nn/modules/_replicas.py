"""Module members PyTorch keeps for tracing and DataParallel, bound into
nn.Module's class body (module.py) so that dir(model) lists what PyTorch's
does."""
from typing import Any, Dict, TypeVar

T_destination = TypeVar('T_destination', bound=Dict[str, Any])


def _slow_forward(self, *input, **kwargs):
    # PyTorch routes calls made while torch.jit traces through here; backstep
    # has no tracer, so it is the forward itself.
    return self.forward(*input, **kwargs)


def _replicate_for_data_parallel(self):
    """A shallow copy sharing the submodules and buffers, with no parameters
    of its own (the replica DataParallel fills with a device's copies)."""
    replica = self.__new__(type(self))
    replica.__dict__ = self.__dict__.copy()
    replica.__dict__['_parameters'] = {}
    replica.__dict__['_buffers'] = replica._buffers.copy()
    replica.__dict__['_modules'] = replica._modules.copy()
    replica.__dict__['_is_replica'] = True
    return replica
