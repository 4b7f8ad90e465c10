"""torch.finfo and torch.iinfo: the numeric limits of a dtype, with
PyTorch's attributes and repr (numbers as C's %g prints them)."""
import torch

# bits, eps, max, tiny, resolution
_FLOAT = {
    'float32': (32, 1.1920928955078125e-07, 3.4028234663852886e+38, 1.1754943508222875e-38, 1e-06),
    'float64': (64, 2.220446049250313e-16, 1.7976931348623157e+308, 2.2250738585072014e-308, 1e-15),
    'float16': (16, 0.0009765625, 65504.0, 6.103515625e-05, 0.001),
    'bfloat16': (16, 0.0078125, 3.3895313892515355e+38, 1.1754943508222875e-38, 0.01),
}
_COMPLEX_PART = {'complex64': 'float32', 'complex128': 'float64', 'complex32': 'float16'}
_INT = {'uint8': 8, 'int8': 8, 'int16': 16, 'int32': 32, 'int64': 64, 'uint16': 16, 'uint32': 32, 'uint64': 64}


def _short(dtype):
    return str(dtype).replace('torch.', '')


class finfo:
    def __init__(self, type=None):
        name = _short(torch.get_default_dtype() if type is None else type)
        name = _COMPLEX_PART.get(name, name)
        if name not in _FLOAT:
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'")
        self.bits, self.eps, self.max, self.tiny, self.resolution = _FLOAT[name]
        self.min = -self.max
        self.smallest_normal = self.tiny
        self.dtype = name

    def __eq__(self, other):
        return isinstance(other, finfo) and self.dtype == other.dtype

    def __hash__(self):
        return hash(('finfo', self.dtype))

    def __repr__(self):
        return (f'finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, eps={self.eps:g}, '
                f'smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, dtype={self.dtype})')


class iinfo:
    def __init__(self, type):
        name = _short(type)
        if name in _FLOAT or name in _COMPLEX_PART:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'")
        if name not in _INT:
            raise TypeError(f'{type} is not supported by torch.iinfo')
        self.bits = _INT[name]
        if name.startswith('u'):
            self.min, self.max = 0, 2 ** self.bits - 1
        else:
            self.min, self.max = -2 ** (self.bits - 1), 2 ** (self.bits - 1) - 1
        self.dtype = name

    def __eq__(self, other):
        return isinstance(other, iinfo) and self.dtype == other.dtype

    def __hash__(self):
        return hash(('iinfo', self.dtype))

    def __repr__(self):
        return f'iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})'


finfo.__module__ = 'torch'
iinfo.__module__ = 'torch'
