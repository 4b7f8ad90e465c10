"""LinearCrossEntropyLoss: a Linear layer to num_classes * prod(out_features)
logits followed by cross entropy, through F.linear_cross_entropy. The weight
and bias are stored flat (Linear's shapes) and viewed to their logical
(C, *out_features, in_features) / (C, *out_features) shapes on each call, as
PyTorch's module does, so the graph holds the same ViewBackward0 nodes.
`options` (LinearCrossEntropyOptions) opts into PyTorch's chunked path."""
import math

import torch.nn.functional as F
from torch.nn.modules.linear import Linear
from torch.nn.modules.loss import _WeightedLoss
from torch.nn.modules.linear_cross_entropy_options import LinearCrossEntropyOptions

__all__ = ['LinearCrossEntropyLoss', 'LinearCrossEntropyOptions']


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
