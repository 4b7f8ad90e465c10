import torch

from ..registry import register


@register("linear")
class LinearModel:
    def __init__(self, fan_in, fan_out):
        self.weight = (torch.arange(fan_in * fan_out, dtype=torch.float32).reshape(fan_out, fan_in) / 10).requires_grad_()

    def __call__(self, x):
        return x @ self.weight.t()

    def parameters(self):
        yield self.weight
