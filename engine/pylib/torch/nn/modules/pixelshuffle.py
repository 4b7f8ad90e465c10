"""PixelShuffle and PixelUnshuffle: moving channels into space and back
through the ATen operators F re-exports."""
import torch.nn.functional as F
from torch.nn.modules.module import Module

__all__ = ['PixelShuffle', 'PixelUnshuffle']


class PixelShuffle(Module):
    __constants__ = ['upscale_factor']

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self):
        return f'upscale_factor={self.upscale_factor}'


class PixelUnshuffle(Module):
    __constants__ = ['downscale_factor']

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return F.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self):
        return f'downscale_factor={self.downscale_factor}'

