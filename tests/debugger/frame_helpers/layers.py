# A module of the program's own for frame_modules.py: the node paused at is
# created here, so the innermost frame at the pause is one of this module.
import torch

scale = 3.0


def layer(x):
    h = x * scale
    return h.exp().sum()
