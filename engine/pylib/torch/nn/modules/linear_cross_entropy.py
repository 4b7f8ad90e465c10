"""LinearCrossEntropyLoss: a Linear layer to num_classes * prod(out_features)
logits followed by cross entropy, through F.linear_cross_entropy. The weight
and bias are stored flat (Linear's shapes) and viewed to their logical
(C, *out_features, in_features) / (C, *out_features) shapes on each call, as
PyTorch's module does, so the graph holds the same ViewBackward0 nodes.
backstep's F runs the reference (unchunked) path whatever `options` says
(docs/nn.md)."""
import math
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch.nn.modules.linear import Linear
from torch.nn.modules.loss import _WeightedLoss

__all__ = ['LinearCrossEntropyLoss', 'LinearCrossEntropyOptions']


@dataclass
class LinearCrossEntropyOptions:
    allow_retain_graph: bool = False
    batch_chunk_size: int = None
    chunking_method: str = 'auto'
    acc_policy: str = 'auto'
    acc_dtype: torch.dtype = None

    def __post_init__(self):
        # Only the values PyTorch documents ('auto', or None for no chunking)
        # are known here; any other chunking method is refused.
        if self.acc_policy not in ('auto', 'accurate', 'compact'):
            raise ValueError(f"invalid acc_policy: {self.acc_policy!r}; expected one of 'auto', 'accurate', 'compact'")
        if self.chunking_method not in ('auto', None):
            raise ValueError(f'invalid chunking_method: {self.chunking_method!r}')
        size = self.batch_chunk_size
        if size is not None and (not isinstance(size, int) or size <= 0):
            raise ValueError(f'batch_chunk_size must be positive int or None, got {size}')


class LinearCrossEntropyLoss(_WeightedLoss):
    __constants__ = ['ignore_index', 'reduction', 'label_smoothing']

    def __init__(self, in_features, num_classes, *, out_features=(), bias=False, device=None, dtype=None,
                 reduction='mean', weight=None, ignore_index=None, label_smoothing=0.0, options=None):
        super().__init__(weight, None, None, reduction)
        self.num_classes = num_classes
        self.out_features = tuple(out_features)
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing
        self.options = options
        rows = math.prod(self.out_features, start=num_classes)
        self.linear = Linear(in_features, rows, bias=bias, device=device, dtype=dtype)

    def forward(self, input, target):
        linear = self.linear
        weight = linear.weight.view(self.num_classes, *self.out_features, linear.in_features)
        bias = None if linear.bias is None else linear.bias.view(self.num_classes, *self.out_features)
        return F.linear_cross_entropy(input, weight, target, linear_bias=bias, weight=self.weight,
                                      reduction=self.reduction, ignore_index=self.ignore_index,
                                      label_smoothing=self.label_smoothing, options=self.options)

    def extra_repr(self):
        return (f'in_features={self.linear.in_features}, num_classes={self.num_classes}, '
                f'out_features={self.out_features}, bias={self.linear.bias is not None}, '
                f'reduction={self.reduction}, ignore_index={self.ignore_index}, '
                f'label_smoothing={self.label_smoothing}, options={self.options}')
