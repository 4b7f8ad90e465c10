"""torch.nn.parameter: Parameter is backstep's native parameter type (a
tensor the registry marks as a parameter; engine/api/nn_parameter.cpp), so
it prints as "Parameter containing:" and names its leaf in graphs.

Buffer, as in PyTorch, makes a plain tensor that a module registers as a
buffer when it is assigned as an attribute; isinstance(t, Buffer) is true
only for tensors Buffer made. PyTorch flags the tensor itself; backstep's
tensors carry no Python attributes, so the flag lives in _buffer_marks."""
import torch
from _backstep_parameter import Parameter

__all__ = ['Parameter', 'Buffer', 'is_lazy']

_buffer_marks = {}  # id(tensor) -> (tensor, persistent)


def buffer_persistence(t):
    """persistent= of the Buffer that made t, or None if Buffer did not."""
    mark = _buffer_marks.get(id(t))
    if mark is None or mark[0] is not t:
        return None
    return mark[1]


class _BufferMeta(type):
    def __instancecheck__(cls, instance):
        if cls is Buffer:
            return isinstance(instance, torch.Tensor) and buffer_persistence(instance) is not None
        return super().__instancecheck__(instance)


class Buffer(metaclass=_BufferMeta):
    def __new__(cls, data=None, *, persistent=True):
        if data is None:
            data = torch.empty(0)
        t = data.detach().requires_grad_(data.requires_grad)
        _buffer_marks[id(t)] = (t, persistent)
        return t


def is_lazy(param):
    return False
