"""torch.nn.parameter: Parameter is backstep's native parameter type (a
tensor the registry marks as a parameter; engine/api/nn_parameter.cpp), so
it prints as "Parameter containing:" and names its leaf in graphs.

Buffer, as in PyTorch, makes a plain tensor that a module registers as a
buffer when it is assigned as an attribute; isinstance(t, Buffer) is true
only for tensors Buffer made. PyTorch flags the tensor itself; backstep's
tensors carry no Python attributes, so the flag lives in _buffer_marks."""
import torch
from _backstep_parameter import Parameter, mark_uninitialized, uninitialized_kind

__all__ = ['Parameter', 'UninitializedParameter', 'UninitializedBuffer', 'Buffer', 'is_lazy']

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


class _UninitializedMeta(type):
    def __instancecheck__(cls, instance):
        return isinstance(instance, torch.Tensor) and uninitialized_kind(instance) == cls._kind


class UninitializedParameter(metaclass=_UninitializedMeta):
    """A Lazy module's parameter before its first forward: an empty Parameter
    that prints as <UninitializedParameter> (Note [Uninitialized
    placeholders] in engine/api/uninitialized_tensors.h)."""
    _kind = 1

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        p = Parameter(torch.empty(0, device=device, dtype=dtype), requires_grad)
        mark_uninitialized(p, True)
        return p


class UninitializedBuffer(metaclass=_UninitializedMeta):
    """A Lazy module's buffer before its first forward (<UninitializedBuffer>)."""
    _kind = 2

    def __new__(cls, requires_grad=False, device=None, dtype=None):
        t = torch.empty(0, device=device, dtype=dtype).requires_grad_(requires_grad)
        mark_uninitialized(t, False)
        return t


def is_lazy(param):
    """Whether `param` is a Lazy module's placeholder."""
    return isinstance(param, torch.Tensor) and uninitialized_kind(param) != 0
