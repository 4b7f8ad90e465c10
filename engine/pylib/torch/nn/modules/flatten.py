"""Flatten and Unflatten."""
from torch.nn.modules.module import Module

__all__ = ['Flatten', 'Unflatten']


class Flatten(Module):
    __constants__ = ['start_dim', 'end_dim']

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return f'start_dim={self.start_dim}, end_dim={self.end_dim}'


class Unflatten(Module):
    __constants__ = ['dim', 'unflattened_size']

    def __init__(self, dim, unflattened_size):
        super().__init__()
        self._require_tuple_int(unflattened_size)
        self.dim = dim
        self.unflattened_size = unflattened_size

    def _require_tuple_int(self, input):
        if isinstance(input, (tuple, list)):
            for idx, elem in enumerate(input):
                if not isinstance(elem, int):
                    raise TypeError('unflattened_size must be tuple of ints, '
                                    + f'but found element of type {type(elem).__name__} at pos {idx}')
            return
        raise TypeError(f'unflattened_size must be a tuple of ints, but found type {type(input).__name__}')

    def forward(self, input):
        return input.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self):
        return f'dim={self.dim}, unflattened_size={self.unflattened_size}'
