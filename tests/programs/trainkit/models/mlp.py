import torch

from trainkit.registry import register
from .linear import LinearModel


@register("mlp")
class MLP:
    def __init__(self, sizes):
        self.layers = [LinearModel(a, b) for a, b in zip(sizes, sizes[1:])]

    def __call__(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < len(self.layers) - 1:
                x = torch.relu(x)
        return x

    def parameters(self):
        for layer in self.layers:
            yield from layer.parameters()
